import { staffScreen } from '@/ui/console/staffScreens';

/** The learning domain's console pages: quizzes and their questions. */
export const learningStaffPages = [
  staffScreen('quizzes', () => import('./QuizzesPage'), (m) => m.QuizzesPage),
  staffScreen('quizzes/:id', () => import('./QuizEditorPage'), (m) => m.QuizEditorPage),
];
