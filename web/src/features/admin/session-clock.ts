/**
 * The coordinator's latest activity in this browser, for the session it belongs to: the admin
 * tabs of one browser share one session (Firebase keeps it per browser, and signing out in one
 * tab signs out all), so they share one idle clock, kept in localStorage. The admin guard reads
 * it before anything opens: a laptop reopened hours later lands on the sign-in page, with the
 * reason, before a list is read. Session limits (session-limits.tsx) write it.
 */

/** One session's (its `auth_time`, in seconds) latest activity (milliseconds since the epoch). */
export interface SessionActivity {
  session: number;
  at: number;
}

const KEY = 'admin.sessionActivity';

export function recordedActivity(): SessionActivity | null {
  try {
    const value = JSON.parse(window.localStorage.getItem(KEY) ?? 'null') as unknown;
    if (typeof value !== 'object' || value === null) return null;
    const { session, at } = value as Record<string, unknown>;
    return typeof session === 'number' && typeof at === 'number' ? { session, at } : null;
  } catch {
    // Storage refused (a locked-down browser) or garbled: each tab keeps its own clock.
    return null;
  }
}

export function recordActivity(activity: SessionActivity): void {
  try {
    window.localStorage.setItem(KEY, JSON.stringify(activity));
  } catch {
    // As above: the tab's own clock still counts, and the server keeps its own.
  }
}
