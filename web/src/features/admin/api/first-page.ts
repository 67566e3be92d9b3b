/**
 * The dashboard's first screen: each list first arrives as its newest rows only (`?limit=`),
 * which the server answers quickly even with thousands of records; the whole list follows.
 * No imports, so browser tests can read the size too.
 */
export const FIRST_PAGE_SIZE = 50;

/** The lists the dashboard loads in two steps. */
export type AdminList = 'students' | 'mentors' | 'assignments';
