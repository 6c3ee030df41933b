import { Navigate } from 'react-router';
import { lazyScreen } from '@/lib/lazy-screen';

/** A route that shows the CMS page with this slug (spec 2 §2's routes and slugs). */
export const pageRoute = (slug: string) =>
  lazyScreen(
    () => import('./ContentPage'),
    ({ ContentPage }) =>
      function ContentRoute() {
        return <ContentPage slug={slug} />;
      },
  );
/** A prize page: the CMS page under the prize's own menu bar. */
export const prizePageRoute = (slug: string) =>
  lazyScreen(
    () => import('./PrizePage'),
    ({ PrizePage }) =>
      function PrizeRoute() {
        return <PrizePage slug={slug} />;
      },
  );
export const lgpRoute = lazyScreen(() => import('./LgpPage'), (m) => m.LgpPage);
export const cmsRoute = lazyScreen(() => import('./LgpPage'), (m) => m.CmsPage);
export const aspectRoute = lazyScreen(() => import('./AspectLandingPage'), (m) => m.AspectLandingPage);
export const contactRoute = lazyScreen(() => import('./ContactPage'), (m) => m.ContactPage);
export const lecturesRoute = lazyScreen(() => import('./LecturesPage'), (m) => m.LecturesPage);
export const lectureRoute = lazyScreen(() => import('./LecturePage'), (m) => m.LecturePage);
/** /lpg-prize is an old spelling of /lgp-prize. */
export const lpgRedirectRoute = { element: <Navigate to="/lgp-prize" replace /> };
