import { staffScreen } from '@/ui/console/staffScreens';

/** The content domain's console pages: pages, menus, banners, lectures and the inboxes. */
export const contentStaffPages = [
  staffScreen('pages', () => import('./PagesPage'), (m) => m.PagesPage),
  staffScreen('pages/:id', () => import('./PageEditorPage'), (m) => m.PageEditorPage),
  staffScreen('menus', () => import('./MenusPage'), (m) => m.MenusPage),
  staffScreen('banners', () => import('./BannersPage'), (m) => m.BannersPage),
  staffScreen('lectures', () => import('./LecturesPage'), (m) => m.LecturesPage),
  staffScreen('lectures/:id', () => import('./LectureEditorPage'), (m) => m.LectureEditorPage),
  staffScreen('messages', () => import('./MessagesPage'), (m) => m.MessagesPage),
  staffScreen('signups', () => import('./SignupsPage'), (m) => m.SignupsPage),
];
