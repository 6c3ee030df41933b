import { lazyScreen } from '@/lib/lazy-screen';

export const loginRoute = lazyScreen(() => import('./LoginPage'), (m) => m.LoginPage);
export const registerRoute = lazyScreen(() => import('./register/RegisterPage'), (m) => m.RegisterPage);
export const registerLiteRoute = lazyScreen(() => import('./register/RegisterLitePage'), (m) => m.RegisterLitePage);
export const confirmUserRoute = lazyScreen(() => import('./ConfirmUserPage'), (m) => m.ConfirmUserPage);
export const forgotPasswordRoute = lazyScreen(() => import('./password/ForgotPasswordPage'), (m) => m.ForgotPasswordPage);
export const resetPasswordRoute = lazyScreen(() => import('./password/ResetPasswordPage'), (m) => m.ResetPasswordPage);
export const setPasswordRoute = lazyScreen(() => import('./password/SetPasswordPage'), (m) => m.SetPasswordPage);
export const unlockAccountRoute = lazyScreen(() => import('./UnlockAccountPage'), (m) => m.UnlockAccountPage);
export const oauthCallbackRoute = lazyScreen(() => import('./OAuthCallbackPage'), (m) => m.OAuthCallbackPage);
