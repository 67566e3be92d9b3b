import { useEffect } from 'react';

/**
 * Keeps the keyboard's place on a button that is busy for a moment. A button showing its work
 * (Chakra's `loading`) is disabled meanwhile, and a disabled element loses the focus to <body>:
 * the next Tab would start again from the top of the page, and a screen reader loses its place.
 * When the element that has the focus becomes disabled it is remembered, and when it is enabled
 * again with nothing else focused meanwhile, it gets the focus back. One mechanism for every
 * button of the site, so no form has to remember it.
 */
export function useFocusThroughBusy(): void {
  useEffect(() => {
    /** The element the focus last went to (cleared when it leaves for nowhere on its own). */
    let focused: HTMLElement | null = null;
    /** That element, disabled while it had the focus. */
    let waiting: HTMLElement | null = null;
    const onFocusIn = (event: FocusEvent) => {
      focused = event.target instanceof HTMLElement ? event.target : null;
      waiting = null;
    };
    const onFocusOut = (event: FocusEvent) => {
      // Left for nothing by a click elsewhere, not by being disabled: nothing to give back.
      if (event.target === focused && !focused?.hasAttribute('disabled') && !event.relatedTarget) {
        focused = null;
      }
    };
    const observer = new MutationObserver((mutations) => {
      for (const { target } of mutations) {
        if (!(target instanceof HTMLElement)) continue;
        if (target.hasAttribute('disabled')) {
          if (target === focused) waiting = target;
        } else if (target === waiting) {
          waiting = null;
          const active = document.activeElement;
          if (target.isConnected && (active === null || active === document.body)) target.focus();
        }
      }
    });
    document.addEventListener('focusin', onFocusIn);
    document.addEventListener('focusout', onFocusOut);
    observer.observe(document.body, {
      subtree: true,
      attributes: true,
      attributeFilter: ['disabled'],
    });
    return () => {
      observer.disconnect();
      document.removeEventListener('focusin', onFocusIn);
      document.removeEventListener('focusout', onFocusOut);
    };
  }, []);
}
