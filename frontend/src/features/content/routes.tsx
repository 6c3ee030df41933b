import { Navigate } from 'react-router';
import { AspectLandingPage } from './AspectLandingPage';
import { ContactPage } from './ContactPage';
import { ContentPage } from './ContentPage';
import { LecturePage } from './LecturePage';
import { LecturesPage } from './LecturesPage';
import { CmsPage, LgpPage } from './LgpPage';
import { SectionMenu } from './SectionMenu';

/** A route that shows the CMS page with this slug (spec 2 §2's routes and slugs). */
export const pageRoute = (slug: string) => ({ Component: () => <ContentPage slug={slug} /> });
/** A prize page: the CMS page under the prize's own menu bar. */
export const prizePageRoute = (slug: string) => ({
  Component: () => (
    <>
      <SectionMenu />
      <ContentPage slug={slug} />
    </>
  ),
});
export const lgpRoute = { Component: LgpPage };
export const cmsRoute = { Component: CmsPage };
export const aspectRoute = { Component: AspectLandingPage };
export const contactRoute = { Component: ContactPage };
export const lecturesRoute = { Component: LecturesPage };
export const lectureRoute = { Component: LecturePage };
/** /lpg-prize is an old spelling of /lgp-prize. */
export const lpgRedirectRoute = { Component: () => <Navigate to="/lgp-prize" replace /> };
