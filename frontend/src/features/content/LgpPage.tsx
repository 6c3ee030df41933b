import { useParams } from 'react-router';
import { ContentPage } from './ContentPage';
import { SectionMenu } from './SectionMenu';

/** /lgp/{path}: the prize's own pages, by slug `lgp/{path}`. */
export function LgpPage() {
  const path = useParams()['*'] ?? '';
  return (
    <>
      <SectionMenu />
      <ContentPage slug={`lgp/${path}`} />
    </>
  );
}

/** /pages/{slug}: any other CMS page. */
export function CmsPage() {
  const slug = useParams()['*'] ?? '';
  return <ContentPage slug={slug} />;
}
