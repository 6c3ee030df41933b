import { staffScreen } from '@/ui/console/staffScreens';

/** The projects domain's console pages: review, updates, changes and the funding files. */
export const projectsStaffPages = [
  staffScreen('projects', () => import('./ProjectsPage'), (m) => m.ProjectsPage),
  staffScreen('projects/:id/changes', () => import('./ProjectChangesPage'), (m) => m.ProjectChangesPage),
  staffScreen('project-updates', () => import('./ProjectUpdatesPage'), (m) => m.ProjectUpdatesPage),
  staffScreen('funding', () => import('./FundingQueuePage'), (m) => m.FundingQueuePage),
  staffScreen('funding/:id', () => import('./FundingFilePage'), (m) => m.FundingFilePage),
  staffScreen('milestones', () => import('./MilestonesQueuePage'), (m) => m.MilestonesQueuePage),
];
