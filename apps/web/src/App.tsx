import { useCallback, useState } from 'react';
import { Admin, CustomRoutes, Resource } from 'react-admin';
import { BrowserRouter, Route } from 'react-router-dom';
import { authProvider } from './authProvider';
import { ConfigContext, type TAppConfig } from './config';
import { dataProvider } from './dataProvider';
import { createQueryClient } from './dataProvider/queryClient';
import { createI18nProvider, initialLocale, loadOverrides } from './i18n';
import { ReloadTranslationsContext } from './i18n/ReloadTranslations';
import { Layout } from './layout/Layout';
import { ForbiddenPage, NotFoundPage } from './layout/StatusPages';
import { Toast } from './layout/Toast';
import { publicPages } from './public';
import { LeaveForOnboarding } from './shellContext';
import { appTheme } from './theme';
import { users, userPages } from './platform/users';
import { profilePages } from './platform/profile';
import { notificationPages } from './platform/notifications';
import { labels, managementPages, settings } from './platform/management';
import { roles } from './platform/roles';
import { searchPages } from './platform/search';
import { documentationPages } from './platform/documentation';
import { categories, customers, events, faqs, links, projects } from './platform/generic';
import { cities } from './tourist-tax/cities';
import { structureTypes } from './tourist-tax/structure-types';
import { structureClasses } from './tourist-tax/structure-classes';
import { relevantAreas } from './tourist-tax/relevant-areas';
import { structures } from './tourist-tax/structures';
import { tariffs } from './tourist-tax/tariffs';
import { reductions } from './tourist-tax/reductions';
import { exemptions } from './tourist-tax/exemptions';
import { stays } from './tourist-tax/stays';
import { declarationTemplates } from './tourist-tax/declaration-templates';
import { declarations } from './tourist-tax/declarations';
import { modello21 } from './tourist-tax/modello21';
import { communications } from './tourist-tax/communications';
import { documentationArea } from './tourist-tax/documentation-area';
import { filingSettingsPages } from './tourist-tax/filing-settings';
import { dashboardPages } from './dashboard';
import { agencies, contracts, correctiveActions, environmentalPages, environmentalSettings, forms, laboratories, lots, ncaPages, ncaReports, orders, rdps } from './environmental';

export function App({ config }: { config: TAppConfig }) {
  const [i18nProvider, setI18nProvider] = useState(() => createI18nProvider(initialLocale()));
  // A 403 or 404 is not retried: the answer would be the same (and the page would wait seconds for it).
  const [queryClient] = useState(createQueryClient);
  const reloadTranslations = useCallback(async () => {
    const locale = i18nProvider.getLocale();
    await loadOverrides(locale);
    setI18nProvider(createI18nProvider(locale));
  }, [i18nProvider]);

  return (
    <ConfigContext.Provider value={config}>
      <ReloadTranslationsContext.Provider value={reloadTranslations}>
        {/* History routing (not react-admin's default hash router): the API serves index.html for every path. */}
        <BrowserRouter>
          <Admin
            title="app.name"
            dataProvider={dataProvider}
            queryClient={queryClient}
            authProvider={authProvider}
            i18nProvider={i18nProvider}
            theme={appTheme}
            layout={Layout}
            notification={Toast}
            catchAll={NotFoundPage}
            accessDenied={ForbiddenPage}
            loginPage={false}
            disableTelemetry
          >
            <CustomRoutes noLayout>
              <Route path="/" element={<publicPages.HomePage />} />
              <Route path="/delete-user" element={<publicPages.DeleteUserPage />} />
              <Route path="/test" element={<publicPages.TestPage />} />
              {/* The onboarding pages are their own small app without react-admin (Shell.tsx): a sign-out lands there. */}
              <Route path="/on-boarding/*" element={<LeaveForOnboarding />} />
            </CustomRoutes>
            <CustomRoutes>
              <Route path="/invite-users" element={<userPages.InviteUsersPage />} />
              <Route path="/complete-profile/:userId" element={<userPages.CompleteProfilePage />} />
              <Route path="/profile" element={<profilePages.ProfilePage />} />
              <Route path="/notifications" element={<notificationPages.NotificationsPage />} />
              <Route path="/management" element={<managementPages.ManagementPage />} />
              <Route path="/management/labels/new" element={<managementPages.LabelCreatePage />} />
              <Route path="/search" element={<searchPages.SearchPage />} />
              <Route path="/documentation/*" element={<documentationPages.DocumentationRoutes />} />
              <Route path="/dashboard" element={<dashboardPages.DashboardPage />} />
              <Route path="/my-company" element={<environmentalPages.MyCompanyPage />} />
              <Route path="/nca-settings" element={<environmentalPages.NcaSettingsPage />} />
              <Route path="/lab-analysis-settings" element={<environmentalPages.LabAnalysisSettingsPage />} />
              <Route path="/my-signatures" element={<ncaPages.MySignaturesPage />} />
              <Route path="/filing-settings" element={<filingSettingsPages.FilingSettingsPage />} />
            </CustomRoutes>
            <Resource name="users" {...users} />
            <Resource name="roles" {...roles} />
            <Resource name="management/settings" {...settings} />
            <Resource name="management/labels" {...labels} />
            <Resource name="structures" {...structures} />
            <Resource name="stays" {...stays} />
            <Resource name="cities" {...cities} />
            <Resource name="tariffs" {...tariffs} />
            <Resource name="reductions" {...reductions} />
            <Resource name="exemptions" {...exemptions} />
            <Resource name="relevant-areas" {...relevantAreas} />
            <Resource name="structure-types" {...structureTypes} />
            <Resource name="structure-classes" {...structureClasses} />
            <Resource name="declaration-templates" {...declarationTemplates} />
            <Resource name="declarations" {...declarations} />
            <Resource name="twentyOneModels" {...modello21} />
            <Resource name="communications" {...communications} />
            <Resource name="documentation-area" {...documentationArea} />
            <Resource name="lots" {...lots} />
            <Resource name="orders" {...orders} />
            <Resource name="agencies" {...agencies} />
            <Resource name="laboratories" {...laboratories} />
            <Resource name="contracts" {...contracts} />
            <Resource name="environmental-settings" {...environmentalSettings} />
            <Resource name="nca-reports" {...ncaReports} />
            <Resource name="corrective-actions" {...correctiveActions} />
            <Resource name="rdps" {...rdps} />
            <Resource name="forms" {...forms} />
            <Resource name="faqs" {...faqs} />
            <Resource name="categories" {...categories} />
            <Resource name="events" {...events} />
            <Resource name="customers" {...customers} />
            <Resource name="projects" {...projects} />
            <Resource name="links" {...links} />
          </Admin>
        </BrowserRouter>
      </ReloadTranslationsContext.Provider>
    </ConfigContext.Provider>
  );
}
