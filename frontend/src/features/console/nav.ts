/** The console's sections, in the side navigation's order. */
export interface StaffSection {
  title: string;
  to: string;
  /** Shown only to those the server says may open it (it refuses the others). */
  ability?: 'can_manage_webhooks';
}

export const staffSections: { heading: string; items: StaffSection[] }[] = [
  { heading: 'Overview', items: [{ title: 'Home', to: '/staff' }] },
  {
    heading: 'Moderation',
    items: [
      { title: 'Reports', to: '/staff/reports' },
      { title: 'Working groups', to: '/staff/groups' },
      { title: 'Group updates', to: '/staff/group-updates' },
      { title: 'Projects', to: '/staff/projects' },
      { title: 'Project updates', to: '/staff/project-updates' },
      { title: 'Final approval', to: '/staff/funding' },
      { title: 'Milestones', to: '/staff/milestones' },
      { title: 'Affiliations', to: '/staff/affiliations' },
      { title: 'Contact messages', to: '/staff/messages' },
      { title: 'Update sign-ups', to: '/staff/signups' },
    ],
  },
  {
    heading: 'Content',
    items: [
      { title: 'Blog posts', to: '/staff/blog' },
      { title: 'Blog categories', to: '/staff/blog-categories' },
      { title: 'Pages', to: '/staff/pages' },
      { title: 'Menus', to: '/staff/menus' },
      { title: 'Banners', to: '/staff/banners' },
      { title: 'Expert lectures', to: '/staff/lectures' },
      { title: 'Quizzes', to: '/staff/quizzes' },
      { title: 'Tags and lookups', to: '/staff/lookups' },
    ],
  },
  {
    heading: 'People',
    items: [
      { title: 'Users', to: '/staff/users' },
      { title: 'Audit log', to: '/staff/audit' },
    ],
  },
  {
    heading: 'Platform',
    items: [{ title: 'Webhooks', to: '/staff/webhooks', ability: 'can_manage_webhooks' }],
  },
];
