import { lazyScreen } from '@/lib/lazy-screen';

export const certificatesRoute = lazyScreen(() => import('./CertificatesPage'), (m) => m.CertificatesPage);
export const quizRoute = lazyScreen(() => import('./QuizPage'), (m) => m.QuizPage);
export const verifyRoute = lazyScreen(() => import('./VerifyPage'), (m) => m.VerifyPage);
