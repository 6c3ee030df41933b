import type { DiscussionSlot } from '@/ui/discussion-slot';
import { GroupListPage } from './browse/GroupListPage';
import { WorkingGroupsLanding } from './browse/WorkingGroupsLanding';
import { GroupDetailPage } from './detail/GroupDetailPage';
import { MyGroupsPage } from './my/MyGroupsPage';
import { UpdateFormPage } from './updates/UpdateFormPage';
import { UpdatesPage } from './updates/UpdatesPage';
import { WizardPage } from './wizard/WizardPage';

export const landingRoute = { Component: WorkingGroupsLanding };
export const listRoute = { Component: GroupListPage };
/** The detail page with the discussion panel the router hands in. */
export const detailRoute = (Discussion: DiscussionSlot) => ({ Component: () => <GroupDetailPage Discussion={Discussion} /> });
export const wizardRoute = { Component: WizardPage };
export const myGroupsRoute = { Component: () => <MyGroupsPage section="created" /> };
export const myJoinedRoute = { Component: () => <MyGroupsPage section="joined" /> };
export const myAppliedRoute = { Component: () => <MyGroupsPage section="applied" /> };
export const updatesRoute = { Component: UpdatesPage };
export const updateFormRoute = { Component: UpdateFormPage };
