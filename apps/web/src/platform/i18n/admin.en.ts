import type { TranslationMessages } from 'ra-core';
import { mergeMessagesInto } from '../../i18n/mergeMessages';

/* English messages of the administration screens (settings, roles, export, shell). */

export const adminEn = {
  settings: {
    systemFlag: 'System feature: it can be switched on or off, not deleted.',
    flags: {
      appVersionUpdateControl: { name: 'New-version notice', description: 'When a new version of the application is out, shows a notice to reload the page.' },
      cookieBanner: { name: 'Cookie banner', description: 'Shows the cookie banner on the public site.' },
      profileCompletionControl: { name: 'Profile completion check', description: 'Asks users to complete their profile before using the back office.' },
      refreshToken: { name: 'Automatic session renewal', description: 'Renews the session without asking for the password again while the browser is in use.' },
      notificationCount: { name: 'Notification count', description: 'Shows the number of unread notifications on the bell.' },
      permissionsSystem: { name: 'Permission system', description: 'Applies the permissions and record filters defined in Roles and permissions to custom roles.' },
      floatingSidebarToggle: { name: 'Sidebar toggle button', description: 'Shows the button that opens and closes the sidebar.' },
      translations: { name: 'Translations from the server', description: 'Uses the labels edited in Management > Labels instead of the bundled texts.' },
      websocket: { name: 'Real-time updates', description: 'Delivers notifications and new-version notices as they happen, without reloading.' },
      avatarService: { name: 'Avatar service', description: 'Looks up the profile picture at a public avatar service; otherwise shows the initials.' },
      publicSite: { name: 'Public site', description: 'Shows the public home page to visitors who are not signed in.' },
      socialLogin: { name: 'Sign-in with an external account', description: 'Lets users sign in with an OpenID Connect identity provider.' },
      botCheckOnLogin: { name: 'Bot check on sign-in', description: 'Asks for a bot check before signing in.' },
      botCheckOnRegister: { name: 'Bot check on registration', description: 'Asks for a bot check before registering.' },
      analytics: { name: 'Page-view statistics', description: 'Records the pages visited, for usage statistics.' },
      touristTaxArea: { name: 'Tourist-tax area', description: 'Turns on the menus, pages and API of the tourist tax.' },
      environmentalArea: { name: 'Environmental-compliance area', description: 'Turns on the menus, pages and API of environmental compliance (NCA, lots, orders, suppliers).' },
    },
  },
};

export function addAdminEn(messages: TranslationMessages): void {
  mergeMessagesInto(messages, adminEn);
}
