import { useEffect } from 'react';
import { useLocation } from 'react-router-dom';
import { useTranslate } from 'react-admin';
import { documentTitle } from './documentTitleText';

// The sign-in pages use the function without this module's react-admin import.
export { documentTitle } from './documentTitleText';

/** Pages outside the admin layout (sign-in, public pages) name the tab after their heading. */
export function useDocumentTitle(page: string | null | undefined): void {
  const appName = useTranslate()('app.name');
  useEffect(() => {
    document.title = documentTitle(page, appName);
  }, [page, appName]);
}

/**
 * Inside the layout every page already shows its title in the app bar (react-admin's title portal,
 * `#react-admin-title`), else its <h1>: the tab follows that text, so each page names its tab with
 * no code of its own, and the tab changes with the record or the language.
 */
export function DocumentTitleFromPage() {
  const appName = useTranslate()('app.name');
  const location = useLocation();
  useEffect(() => {
    const update = () => {
      const portal = document.getElementById('react-admin-title')?.textContent;
      const heading = document.querySelector('#main-content h1, main h1')?.textContent;
      document.title = documentTitle(portal || heading, appName);
    };
    update();
    // Many DOM changes arrive together: read the title once per frame.
    let frame = 0;
    const observer = new MutationObserver(() => {
      if (frame !== 0) return;
      frame = requestAnimationFrame(() => {
        frame = 0;
        update();
      });
    });
    observer.observe(document.body, { subtree: true, childList: true, characterData: true });
    return () => {
      observer.disconnect();
      cancelAnimationFrame(frame);
    };
  }, [appName, location.pathname]);
  return null;
}
