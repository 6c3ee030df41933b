import { ContentPage } from './ContentPage';
import { SectionMenu } from './SectionMenu';

/** A prize page: the CMS page under the prize's own menu bar. */
export function PrizePage({ slug }: { slug: string }) {
  return (
    <>
      <SectionMenu />
      <ContentPage slug={slug} />
    </>
  );
}
