/**
 * The dashboard's first screen: each live list first listens to its newest rows only (a quick
 * first answer even with thousands of records); the whole list follows (live-lists.ts). No
 * imports, so browser tests can read the size too.
 */
export const FIRST_PAGE_SIZE = 50;

/** The lists the dashboard loads in two steps, in the order of its tabs. */
export const ADMIN_LISTS = ['students', 'mentors', 'pairs'] as const;
export type AdminList = (typeof ADMIN_LISTS)[number];
