import { useCallback, useState, type ComponentType } from 'react';
import CssBaseline from '@mui/material/CssBaseline';
import { AdminContext, AuthenticationError, CoreAdminUI, CustomRoutes, Error as ErrorPage, LoadingPage, localStorageStore, Resource, type ResourceProps } from 'react-admin';
import { BrowserRouter, matchPath, Navigate, Route, useParams } from 'react-router-dom';
import { authProvider, postSignInPath } from './authProvider';
import { ConfigContext, getConfig, type TAppConfig } from './config';
import { getSession } from './session/store';
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
import { mailOutbox } from './platform/mail-outbox';
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
import { siatelPages } from './tourist-tax/siatel-checks';
import { dashboardPages } from './dashboard';
import { agencies, contracts, correctiveActions, environmentalPages, environmentalSettings, forms, laboratories, lots, ncaPages, ncaReports, orders, rdps, signRequests } from './environmental';

type TResourceDefinition = Partial<Record<'list' | 'edit' | 'create' | 'show', ComponentType>> & Omit<ResourceProps, 'name' | 'list' | 'edit' | 'create' | 'show'>;

/** The resources: their names, icons and record representations are here; their screens load on demand. */
const RESOURCES: [string, TResourceDefinition][] = [
  ['users', users],
  ['roles', roles],
  ['management/settings', settings],
  ['management/labels', labels],
  ['structures', structures],
  ['stays', stays],
  ['cities', cities],
  ['tariffs', tariffs],
  ['reductions', reductions],
  ['exemptions', exemptions],
  ['relevant-areas', relevantAreas],
  ['structure-types', structureTypes],
  ['structure-classes', structureClasses],
  ['declaration-templates', declarationTemplates],
  ['declarations', declarations],
  ['twentyOneModels', modello21],
  ['communications', communications],
  ['documentation-area', documentationArea],
  ['lots', lots],
  ['orders', orders],
  ['agencies', agencies],
  ['laboratories', laboratories],
  ['contracts', contracts],
  ['environmental-settings', environmentalSettings],
  ['nca-reports', ncaReports],
  ['corrective-actions', correctiveActions],
  ['sign-requests', signRequests],
  ['rdps', rdps],
  ['forms', forms],
  ['faqs', faqs],
  ['categories', categories],
  ['events', events],
  ['customers', customers],
  ['projects', projects],
  ['links', links],
  ['mail-outbox', mailOutbox],
];

/** The admin app's own pages (inside the layout). */
const PAGES: [string, ComponentType][] = [
  ['/invite-users', userPages.InviteUsersPage],
  ['/complete-profile/:userId', userPages.CompleteProfilePage],
  ['/profile', profilePages.ProfilePage],
  ['/notifications', notificationPages.NotificationsPage],
  ['/management', managementPages.ManagementPage],
  ['/management/labels/new', managementPages.LabelCreatePage],
  ['/search', searchPages.SearchPage],
  ['/documentation/*', documentationPages.DocumentationRoutes],
  ['/dashboard', dashboardPages.DashboardPage],
  ['/my-company', environmentalPages.MyCompanyPage],
  ['/nca-settings', environmentalPages.NcaSettingsPage],
  ['/lab-analysis-settings', environmentalPages.LabAnalysisSettingsPage],
  ['/my-signatures', ncaPages.MySignaturesPage],
  ['/filing-settings', filingSettingsPages.FilingSettingsPage],
  ['/siatel-checks', siatelPages.SiatelChecksPage],
  ['/siatel-checks/:siatelCheckId', siatelPages.SiatelCheckPage],
];

/** The page of the path, if it is one of the resources' screens or of the pages. */
function pageFor(pathname: string): ComponentType | undefined {
  for (const [name, definition] of RESOURCES) {
    const rest = pathname === `/${name}` ? '' : pathname.startsWith(`/${name}/`) ? pathname.slice(name.length + 2) : null;
    if (rest === null) continue;
    if (rest === '') return definition.list;
    if (rest === 'create') return definition.create;
    if (rest.endsWith('/show')) return definition.show ?? definition.edit;
    return definition.edit ?? definition.show;
  }
  return PAGES.find(([path]) => matchPath(path, pathname))?.[1];
}

/**
 * `/{resource}/{id}/show` of a resource whose record page is its edit route: the record page, at its
 * own address (react-admin would otherwise read "show" as a tab of the page and show none of them).
 */
function ShowToRecordPage({ resource }: { resource: string }) {
  const { id = '' } = useParams();
  return <Navigate to={`/${resource}/${encodeURIComponent(id)}`} replace />;
}
const SHOW_TO_RECORD_PAGE = RESOURCES.filter(([, definition]) => definition.edit && !definition.show).map(([name]) => name);

/**
 * The path whose page the address opens: the site's address with a session sends the role to its
 * landing page (the root redirect of HomePage), so that page loads at once rather than after the
 * redirect. The flags are the server's once /api/config is in (main.tsx may start this module before).
 */
function firstPath(pathname: string): string {
  const session = getSession();
  const { features } = getConfig();
  if (pathname !== '/' || !session?.token || features.publicSite) return pathname;
  return postSignInPath(session.user, features);
}

/*
 * The page the address opens starts loading with the admin app, not once the app has rendered its
 * layout and matched the route: the page's chunk and the app's first render overlap.
 */
const firstPage = pageFor(firstPath(window.location.pathname)) as { preload?: () => Promise<unknown> } | undefined;
void firstPage?.preload?.();

/** What react-admin keeps per user in the browser (column choices, list parameters): <Admin>'s default store. */
const STORE = localStorageStore();

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
          {/*
           * <Admin>, taken apart: its AdminUI names react-admin's sign-in form as the default login page, so the first
           * page of every user fetched react-admin's forms and inputs (and react-hook-form) with the layout. This is
           * the same tree with our own pages and no default sign-in form (the onboarding pages sign in).
           */}
          <AdminContext dataProvider={dataProvider} queryClient={queryClient} authProvider={authProvider} i18nProvider={i18nProvider} theme={appTheme} store={STORE}>
            <CssBaseline enableColorScheme>
              <CoreAdminUI
                title="app.name"
                layout={Layout}
                catchAll={NotFoundPage}
                accessDenied={ForbiddenPage}
                error={ErrorPage}
                loading={LoadingPage}
                authenticationError={AuthenticationError}
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
                  {PAGES.map(([path, Page]) => (
                    <Route key={path} path={path} element={<Page />} />
                  ))}
                  {SHOW_TO_RECORD_PAGE.map((name) => (
                    <Route key={`${name}/show`} path={`/${name}/:id/show`} element={<ShowToRecordPage resource={name} />} />
                  ))}
                </CustomRoutes>
                {RESOURCES.map(([name, definition]) => (
                  <Resource key={name} name={name} {...definition} />
                ))}
              </CoreAdminUI>
              <Toast />
            </CssBaseline>
          </AdminContext>
        </BrowserRouter>
      </ReloadTranslationsContext.Provider>
    </ConfigContext.Provider>
  );
}
