import { authStaffPages } from '@/features/auth/staff/pages';
import { blogStaffPages } from '@/features/blog/staff/pages';
import { StaffConsole } from '@/features/console/StaffConsole';
import { contentStaffPages } from '@/features/content/staff/pages';
import { groupsStaffPages } from '@/features/groups/staff/pages';
import { learningStaffPages } from '@/features/learning/staff/pages';
import { projectsStaffPages } from '@/features/projects/staff/pages';

/** Each domain's staff pages: its feature owns them, the console frames them. */
const PAGES = [
  ...groupsStaffPages,
  ...projectsStaffPages,
  ...authStaffPages,
  ...contentStaffPages,
  ...blogStaffPages,
  ...learningStaffPages,
];

/** /staff/*: the staff console with every domain's pages. */
export function Console() {
  return <StaffConsole pages={PAGES} />;
}
