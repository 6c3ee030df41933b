import { CertificatesPage } from './CertificatesPage';
import { QuizPage } from './QuizPage';
import { VerifyPage } from './VerifyPage';

export const certificatesRoute = { Component: CertificatesPage };
export const quizRoute = { Component: QuizPage };
export const verifyRoute = { Component: VerifyPage };
