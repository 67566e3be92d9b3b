import { paths } from '../../config/paths';

export interface NavItem {
  label: string;
  to: string;
}

/** The header's links, in the spec's order. */
export const mainNav: readonly NavItem[] = [
  { label: 'Home', to: paths.home },
  { label: 'About', to: paths.about },
  { label: 'For Students', to: paths.students },
  { label: 'For Mentors', to: paths.mentors },
  { label: 'FAQ', to: paths.faq },
  { label: 'Contact', to: paths.contact },
];

/**
 * The spec's active-link rule: the current path equals the link, or starts with it for links
 * other than the root (on a segment boundary, so /faq does not light up for /faqs).
 */
export function isNavActive(linkPath: string, currentPath: string): boolean {
  if (linkPath === '/') return currentPath === '/';
  return currentPath === linkPath || currentPath.startsWith(`${linkPath}/`);
}
