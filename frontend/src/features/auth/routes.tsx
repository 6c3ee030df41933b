import { LoginPage } from './LoginPage';

export const loginRoute = { Component: LoginPage };
