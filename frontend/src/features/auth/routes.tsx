import { ConfirmUserPage } from './ConfirmUserPage';
import { LoginPage } from './LoginPage';
import { RegisterLitePage } from './register/RegisterLitePage';
import { RegisterPage } from './register/RegisterPage';

export const loginRoute = { Component: LoginPage };
export const registerRoute = { Component: RegisterPage };
export const registerLiteRoute = { Component: RegisterLitePage };
export const confirmUserRoute = { Component: ConfirmUserPage };
