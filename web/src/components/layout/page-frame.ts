import type { ReactNode } from 'react';

/**
 * What a page's frame shows (the wizards' page, the signed-out admin card): its heading (h1) from
 * `title`, a line of introduction under it, then the page's content.
 */
export interface PageFrameProps {
  title: string;
  intro: ReactNode;
  children: ReactNode;
}
