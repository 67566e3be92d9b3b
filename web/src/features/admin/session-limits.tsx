/**
 * The open admin area's side of the session limits (the server keeps them too: it refuses and
 * revokes a session past them, shared/coordinator-sessions.ts in the function):
 * - 12 hours after the sign-in the coordinator is signed out, whatever they are doing;
 * - 30 minutes without a key press, click, touch or scroll, they are signed out. The tabs of one
 *   browser share one session (Firebase keeps it per browser, and signing out in one tab signs out
 *   all), so they share one clock too: activity in any tab counts for every tab, through
 *   localStorage. Without it, a tab left open in the background would sign out the coordinator
 *   working in another;
 * - while they are active, the server hears so at most every few minutes (a heartbeat), so a
 *   coordinator who only reads the live lists is not counted idle by the server.
 * Either way the login page then says why.
 */
import { SESSION_LIMITS } from '@mentorship/domain';
import { useEffect } from 'react';
import { auth } from '../../lib/firebase';
import { recordSessionActivity } from './api/account-security';
import { signOutWithReason } from './session';

const ACTIVITY_EVENTS = ['keydown', 'pointerdown', 'wheel', 'touchstart', 'scroll'] as const;

/** The latest activity in any admin tab of this browser (milliseconds since the epoch). */
const SHARED_ACTIVITY_KEY = 'admin.lastActivityAt';
/** How often a tab writes its activity there, at most (a scroll fires many events a second). */
const SHARED_WRITE_MS = 5_000;

const sharedActivity = (): number => {
  try {
    return Number(window.localStorage.getItem(SHARED_ACTIVITY_KEY)) || 0;
  } catch {
    return 0; // Storage refused (a locked-down browser): each tab keeps its own clock.
  }
};

const shareActivity = (at: number): void => {
  try {
    window.localStorage.setItem(SHARED_ACTIVITY_KEY, String(at));
  } catch {
    // As above: the tab's own clock still counts.
  }
};

export function SessionLimits() {
  useEffect(() => {
    let lastActivity = Date.now();
    let lastHeartbeat = Date.now();
    let lastShared = 0;
    let ended = false;
    const end = (reason: 'idle' | 'expired') => {
      if (ended) return;
      ended = true;
      void signOutWithReason(reason);
    };
    const onActivity = () => {
      lastActivity = Date.now();
      if (lastActivity - lastShared >= SHARED_WRITE_MS) {
        lastShared = lastActivity;
        shareActivity(lastActivity);
      }
      if (lastActivity - lastHeartbeat >= SESSION_LIMITS.heartbeatMs) {
        lastHeartbeat = lastActivity;
        void recordSessionActivity().catch(() => undefined);
      }
    };
    let signedInAt: number | null = null;
    void auth.currentUser?.getIdTokenResult().then((token) => {
      signedInAt = Number(token.claims.auth_time) * 1000;
    });
    const check = () => {
      const now = Date.now();
      if (signedInAt !== null && now >= signedInAt + SESSION_LIMITS.absoluteMs) end('expired');
      else if (now - Math.max(lastActivity, sharedActivity()) >= SESSION_LIMITS.idleMs) end('idle');
    };
    for (const name of ACTIVITY_EVENTS) {
      window.addEventListener(name, onActivity, { passive: true, capture: true });
    }
    // A check every 15 s, and whenever the page comes back (a laptop waking from sleep).
    const timer = window.setInterval(check, 15_000);
    document.addEventListener('visibilitychange', check);
    return () => {
      window.clearInterval(timer);
      document.removeEventListener('visibilitychange', check);
      for (const name of ACTIVITY_EVENTS) {
        window.removeEventListener(name, onActivity, { capture: true });
      }
    };
  }, []);
  return null;
}
