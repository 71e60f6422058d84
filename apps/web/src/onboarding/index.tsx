import { lazy } from 'react';

export const LoginPage = lazy(() => import('./LoginPage').then((module) => ({ default: () => <module.LoginPage /> })));
export const FirstAccessPage = lazy(() => import('./LoginPage').then((module) => ({ default: () => <module.LoginPage firstAccess /> })));
export const RegisterPage = lazy(() => import('./RegisterPage').then((module) => ({ default: module.RegisterPage })));
export const ForgotPasswordPage = lazy(() => import('./ForgotPasswordPage').then((module) => ({ default: module.ForgotPasswordPage })));
export const ResetPasswordPage = lazy(() => import('./ResetPasswordPage').then((module) => ({ default: module.ResetPasswordPage })));
