/**
 * The fixed links of the shell: the footer's and the account menu's (the header's menu
 * comes from the CMS, `GET /api/menus`). The routes are the spec's (document 1, §2).
 */
export interface NavItem {
  title: string;
  to: string;
}

export const footerLinks: NavItem[] = [
  { title: 'Projects', to: '/projects' },
  { title: 'About', to: '/about' },
  { title: 'Our model', to: '/our-model' },
  { title: 'Get involved', to: '/get-involved' },
  { title: 'Meet the team', to: '/meet-the-team' },
  { title: 'FAQ', to: '/faq' },
  { title: 'Contact us', to: '/contact-us' },
  { title: 'Privacy policy', to: '/privacy-policy' },
  { title: 'Terms of use', to: '/terms-of-use' },
  { title: 'Cookie policy', to: '/cookie-policy' },
];

/** A signed-in member's own places, first in the header (from md up) and in the phone's
 * drawer: without them the feed was reachable only from a dashboard button. */
export const homeLinks: NavItem[] = [
  { title: 'Dashboard', to: '/dashboard' },
  { title: 'Feed', to: '/feed' },
];

export const userMenu: NavItem[] = [
  { title: 'My profile', to: '/my-profile' },
  { title: 'Messages', to: '/messages' },
  { title: 'My events', to: '/events' },
  { title: 'My working Groups', to: '/working-groups/my' },
  { title: 'My projects', to: '/my-projects' },
  { title: 'My pledges', to: '/my-profile/pledges' },
  { title: 'Submit a project', to: '/submit-project' },
];

/** Shown in the account menu to staff (admins and moderators) only. */
export const staffConsoleLink: NavItem = { title: 'Staff console', to: '/staff' };
