import { ConfirmUserPage } from './ConfirmUserPage';
import { LoginPage } from './LoginPage';
import { OAuthCallbackPage } from './OAuthCallbackPage';
import { ForgotPasswordPage } from './password/ForgotPasswordPage';
import { ResetPasswordPage } from './password/ResetPasswordPage';
import { SetPasswordPage } from './password/SetPasswordPage';
import { RegisterLitePage } from './register/RegisterLitePage';
import { RegisterPage } from './register/RegisterPage';
import { UnlockAccountPage } from './UnlockAccountPage';

export const loginRoute = { Component: LoginPage };
export const registerRoute = { Component: RegisterPage };
export const registerLiteRoute = { Component: RegisterLitePage };
export const confirmUserRoute = { Component: ConfirmUserPage };
export const forgotPasswordRoute = { Component: ForgotPasswordPage };
export const resetPasswordRoute = { Component: ResetPasswordPage };
export const setPasswordRoute = { Component: SetPasswordPage };
export const unlockAccountRoute = { Component: UnlockAccountPage };
export const oauthCallbackRoute = { Component: OAuthCallbackPage };
