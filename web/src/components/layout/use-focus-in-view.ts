import { useEffect } from 'react';

/**
 * Keeps the element that receives keyboard focus wholly on screen. Browsers scroll a focused
 * element into view only when it is entirely out of view: one that is cut off at the bottom edge
 * (a textarea, a consent checkbox) stays half visible. With scroll-padding (app/theme.ts) the
 * scroll also leaves it clear of the sticky header and, on phones, of the toast area
 * (WCAG 2.2 2.4.11). A visually hidden input (Chakra's checkbox) is shown through its label.
 */
export function useFocusInView(): void {
  useEffect(() => {
    const onFocusIn = (event: FocusEvent) => {
      const target = event.target;
      if (!(target instanceof HTMLElement) || target === document.body) return;
      // Focus moved by code to a heading or <main> scrolls where that code wants.
      if (target.tabIndex < 0) return;
      let shown: HTMLElement = target;
      const own = target.getBoundingClientRect();
      if (own.width <= 1 || own.height <= 1) shown = target.closest('label') ?? target;
      const rect = shown.getBoundingClientRect();
      const style = getComputedStyle(document.documentElement);
      const top = parseFloat(style.scrollPaddingTop) || 0;
      const bottom = window.innerHeight - (parseFloat(style.scrollPaddingBottom) || 0);
      if (rect.height > bottom - top) return; // taller than the room: the browser's choice stands
      if (rect.top < top || rect.bottom > bottom) shown.scrollIntoView({ block: 'nearest' });
    };
    document.addEventListener('focusin', onFocusIn);
    return () => document.removeEventListener('focusin', onFocusIn);
  }, []);
}
