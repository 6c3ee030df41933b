/**
 * The site's primary navigation until the CMS menu (`GET /api/menus`, content crate)
 * drives the header; the routes are the spec's (document 1, §2).
 */
export interface NavItem {
  title: string;
  to: string;
}

export const primaryNav: NavItem[] = [
  { title: 'Working groups', to: '/working-groups' },
  { title: 'Blog', to: '/blog' },
  { title: 'Lecture series', to: '/lecture-series' },
  { title: 'Certificates', to: '/certificates' },
  { title: 'About', to: '/about' },
  { title: 'Contact us', to: '/contact-us' },
];

export const footerLinks: NavItem[] = [
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

export const userMenu: NavItem[] = [
  { title: 'My profile', to: '/my-profile' },
  { title: 'My working Groups', to: '/working-groups/my' },
];
