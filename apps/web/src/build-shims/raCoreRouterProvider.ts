import { createElement, Fragment, useCallback, useContext, useEffect, useRef, type ReactNode } from 'react';
import type { RouterProvider } from 'ra-core';
import {
  Link,
  matchPath,
  type NavigateOptions,
  type To,
  Navigate,
  Outlet,
  Route,
  Routes,
  UNSAFE_DataRouterContext,
  UNSAFE_DataRouterStateContext,
  useBlocker,
  useInRouterContext,
  useLocation,
  useMatch,
  useNavigate as useReactRouterNavigate,
  useParams,
} from 'react-router-dom';

/*
 * ra-core's react-router adapter (ra-core/dist/routing/adapters/reactRouterProvider.js) without the hash router it
 * creates when react-admin is not inside a router. This app always renders it inside one (App.tsx's <BrowserRouter>),
 * and that fallback alone brought react-router's data router (createHashRouter, RouterProvider: 16 KB brotli) into
 * every signed-in page. The build puts this file in place of ra-core's (vite.config.ts, REPLACED_LIBRARY_FILES);
 * buildShims.test.ts checks it offers what ra-core's own adapter offers.
 */

/** Navigation blocking needs a data router: as in ra-core's adapter (never true under a BrowserRouter). */
function useCanBlock(): boolean {
  const dataRouter = useContext(UNSAFE_DataRouterContext);
  const dataRouterState = useContext(UNSAFE_DataRouterStateContext);
  return Boolean(dataRouter && dataRouterState);
}

/** react-router's navigate as one stable function (react-router's own changes on every navigation), as ra-core's adapter. */
function useNavigate() {
  const navigate = useReactRouterNavigate();
  const latest = useRef(navigate);
  useEffect(() => {
    latest.current = navigate;
  }, [navigate]);
  return useCallback((to: To | number, options?: NavigateOptions) => (typeof to === 'number' ? latest.current(to) : latest.current(to, options)), []);
}

/** The app's router is around react-admin: without one this says so, where ra-core's adapter would create a hash router. */
function RouterWrapper({ children }: { children?: ReactNode }) {
  if (!useInRouterContext()) throw new Error('react-admin is rendered inside the app router (App.tsx <BrowserRouter>)');
  return createElement(Fragment, null, children);
}

export const reactRouterProvider = {
  useNavigate,
  useLocation,
  useParams,
  useBlocker,
  useMatch,
  useInRouterContext,
  useCanBlock,
  Link,
  Navigate,
  Route,
  Routes,
  Outlet,
  RouterWrapper,
  matchPath,
} as unknown as RouterProvider;
