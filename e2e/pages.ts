/**
 * The site's public pages, each prerendered (web/vite.config.ts): what the accessibility and
 * validity specs walk and what bench:web loads. A page added to the site is added here once.
 */
export const PUBLIC_PAGES = [
  '/',
  '/about',
  '/students',
  '/mentors',
  '/faq',
  '/contact',
  '/privacy',
  '/terms',
  '/conduct',
  '/accessibility',
  '/register-student',
  '/register-mentor',
];
