/* What other areas of the web app use from the platform screens. */
export { PasswordChecklist } from './profile/ChangePasswordDialog';
