import { AccountTab } from './account/AccountTab';
import { ChoosePasswordPage } from './account/ChoosePasswordPage';
import { AffiliationsTab } from './affiliations/AffiliationsTab';
import { ConfirmUniversityEmailPage } from './affiliations/ConfirmUniversityEmailPage';
import { EditProfileTab } from './edit/EditProfileTab';
import { MyProfileLayout } from './MyProfileLayout';
import { NotificationsTab } from './notifications/NotificationsTab';
import { PersonalizationHost } from './personalization/PersonalizationHost';
import { PersonalizationPage } from './personalization/PersonalizationPage';
import { PublicProfilePage } from './public/PublicProfilePage';
import { ReroutePage } from './ReroutePage';

/** /my-profile and its nested tabs (spec §2, document 1); the index is the Account tab. */
export const myProfileRoute = { Component: MyProfileLayout };
export const accountTabRoute = { Component: AccountTab };
export const editProfileTabRoute = { Component: EditProfileTab };
export const affiliationsTabRoute = { Component: AffiliationsTab };
export const notificationsTabRoute = { Component: NotificationsTab };

/** Wraps the private pages so ?openPersonalization opens the modal on any of them. */
export const personalizationHostRoute = { Component: PersonalizationHost };
export const personalizationRoute = { Component: PersonalizationPage };
export const publicProfileRoute = { Component: PublicProfilePage };
export const confirmUniversityEmailRoute = { Component: ConfirmUniversityEmailPage };
export const rerouteRoute = { Component: ReroutePage };
/** /choose-password: the first thing an account with a handed-out password sees. */
export const choosePasswordRoute = { Component: ChoosePasswordPage };
