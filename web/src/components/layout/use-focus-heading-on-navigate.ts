import { useEffect } from 'react';
import { useLocation } from 'react-router-dom';

/**
 * The path the layouts last saw, shared by every layout instance: the admin area mounts its
 * layout again when a sign-in is confirmed (signed-out frame to signed-in frame), and that is a
 * navigation like any other. Null until the first page has rendered.
 */
let lastPath: string | null = null;

/** For tests that render several "first loads" in one document. */
export function resetNavigationMemory(): void {
  lastPath = null;
}

/** The person has pressed a key or the pointer on this page (browsers without the API: yes). */
const personActed = () =>
  (navigator as Navigator & { userActivation?: { hasBeenActive: boolean } }).userActivation
    ?.hasBeenActive ?? true;

/**
 * After a client-side navigation the person started, scroll to the top and move focus to the new
 * page's heading, so keyboard and screen-reader users start at the new content instead of on a
 * removed element (the focus would fall to <body> and the next Tab start from the top of the
 * document, with nothing announced). Admin pages load their code and data before their h1
 * exists: the heading takes the focus when it appears, unless the person has moved the focus
 * somewhere meanwhile. Not on the first load, nor on a redirect before the person did anything
 * (the guard sending a signed-out visitor to the sign-in page): there the browser's own focus
 * order, skip link first, is what people expect.
 */
export function useFocusHeadingOnNavigate(): void {
  const { pathname } = useLocation();
  useEffect(() => {
    const navigated = lastPath !== null && lastPath !== pathname;
    lastPath = pathname;
    if (!navigated || !personActed()) return;
    window.scrollTo(0, 0);
    const focusHeading = () => {
      const heading = document.querySelector<HTMLElement>('#main h1');
      if (!heading) return false;
      heading.setAttribute('tabindex', '-1');
      heading.focus({ preventScroll: true });
      return true;
    };
    if (focusHeading()) return;
    const observer = new MutationObserver(() => {
      if (document.querySelector('#main h1')) {
        stop();
        focusHeading();
      }
    });
    const stop = () => {
      observer.disconnect();
      document.removeEventListener('focusin', stop);
    };
    observer.observe(document.body, { childList: true, subtree: true });
    // The person (or the page, say a dialog) chose a place before the heading came: it stays.
    document.addEventListener('focusin', stop);
    return stop;
  }, [pathname]);
}
