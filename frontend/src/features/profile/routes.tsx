import { lazyScreen } from '@/lib/lazy-screen';

/** /my-profile and its nested tabs (spec §2, document 1); the index is the Account tab. */
export const myProfileRoute = lazyScreen(() => import('./MyProfileLayout'), (m) => m.MyProfileLayout);
export const accountTabRoute = lazyScreen(() => import('./account/AccountTab'), (m) => m.AccountTab);
export const editProfileTabRoute = lazyScreen(() => import('./edit/EditProfileTab'), (m) => m.EditProfileTab);
export const affiliationsTabRoute = lazyScreen(() => import('./affiliations/AffiliationsTab'), (m) => m.AffiliationsTab);
export const auditTrailTabRoute = lazyScreen(() => import('./audit/AuditTrailTab'), (m) => m.AuditTrailTab);
export const apiTokensTabRoute = lazyScreen(() => import('./api-tokens/ApiTokensTab'), (m) => m.ApiTokensTab);
export const notificationsTabRoute = lazyScreen(() => import('./notifications/NotificationsTab'), (m) => m.NotificationsTab);

/** Wraps the private pages so ?openPersonalization opens the modal on any of them. */
export const personalizationHostRoute = lazyScreen(
  () => import('./personalization/PersonalizationHost'),
  (m) => m.PersonalizationHost,
);
export const personalizationRoute = lazyScreen(
  () => import('./personalization/PersonalizationPage'),
  (m) => m.PersonalizationPage,
);
export const publicProfileRoute = lazyScreen(() => import('./public/PublicProfilePage'), (m) => m.PublicProfilePage);
export const confirmUniversityEmailRoute = lazyScreen(
  () => import('./affiliations/ConfirmUniversityEmailPage'),
  (m) => m.ConfirmUniversityEmailPage,
);
export const rerouteRoute = lazyScreen(() => import('./ReroutePage'), (m) => m.ReroutePage);
/** /choose-password: the first thing an account with a handed-out password sees. */
export const choosePasswordRoute = lazyScreen(() => import('./account/ChoosePasswordPage'), (m) => m.ChoosePasswordPage);
