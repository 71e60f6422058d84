import { useEffect } from 'react';
import { useLocation } from 'react-router-dom';
import { useAppConfig } from '../config';
import { recordPageView } from '../dataProvider/api';
import { pageNameForPath } from './pageName';

/**
 * After each navigation: scroll to the top-left, say which path the router shows (`data-path` on the
 * document element: the end-to-end menu walks wait for it, e2e/tests/helpers.ts openInApp), and record
 * a page view when analytics is on (the API takes the user id from the token when there is one).
 * Failures are only logged.
 */
export function NavigationEffects() {
  const location = useLocation();
  const { features } = useAppConfig();
  useEffect(() => {
    window.scrollTo(0, 0);
    document.documentElement.dataset.path = location.pathname;
    if (!features.analytics) return;
    recordPageView({
      pageName: pageNameForPath(location.pathname),
      fullPath: `${location.pathname}${location.search}${location.hash}`,
      path: location.pathname,
    }).catch((error) => console.warn('page view not recorded', error));
  }, [location.pathname, location.search, location.hash, features.analytics]);
  return null;
}
