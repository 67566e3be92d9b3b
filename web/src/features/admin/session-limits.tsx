/**
 * The open admin area's side of the session limits (the server keeps them too: it refuses and
 * revokes a session past them, shared/coordinator-sessions.ts in the function):
 * - 12 hours after the sign-in the coordinator is signed out, whatever they are doing;
 * - 30 minutes without a key press, click, touch or scroll, they are signed out. Activity in any
 *   admin tab of the browser counts for all of them (session-clock.ts): without that, a tab left
 *   in the background would sign out the coordinator working in another;
 * - while they are active, the server hears so at most every few minutes (a heartbeat), so a
 *   coordinator who only reads the live lists is not counted idle by the server.
 * Either way the login page then says why. The admin guard checks the same limits before the
 * area opens (admin-root.tsx), so a page reopened after them never shows a list.
 */
import { SESSION_LIMITS } from '@mentorship/domain';
import { useEffect } from 'react';
import { auth } from '../../lib/firebase';
import { recordSessionActivity } from './api/account-security';
import { signOutWithReason } from './session';
import { recordActivity, recordedActivity } from './session-clock';

const ACTIVITY_EVENTS = ['keydown', 'pointerdown', 'wheel', 'touchstart', 'scroll'] as const;

/** How often a tab records its activity for the others, at most (a scroll fires many events). */
const RECORD_EVERY_MS = 5_000;

export function SessionLimits() {
  useEffect(() => {
    let lastActivity = Date.now();
    let lastHeartbeat = Date.now();
    let lastRecorded = 0;
    /** This sign-in's `auth_time` (seconds), once the token is read. */
    let session: number | null = null;
    let ended = false;
    const end = (reason: 'idle' | 'expired') => {
      if (ended) return;
      ended = true;
      void signOutWithReason(reason);
    };
    const record = (at: number) => {
      if (session === null) return;
      lastRecorded = at;
      recordActivity({ session, at });
    };
    const onActivity = () => {
      lastActivity = Date.now();
      if (lastActivity - lastRecorded >= RECORD_EVERY_MS) record(lastActivity);
      if (lastActivity - lastHeartbeat >= SESSION_LIMITS.heartbeatMs) {
        lastHeartbeat = lastActivity;
        void recordSessionActivity().catch(() => undefined);
      }
    };
    void auth.currentUser?.getIdTokenResult().then((token) => {
      session = Number(token.claims.auth_time);
      // The first page this sign-in opens starts its clock (the guard let it in: it is fresh).
      if (recordedActivity()?.session !== session) record(Date.now());
    });
    const check = () => {
      if (session === null) return;
      const now = Date.now();
      const shared = recordedActivity();
      const last = Math.max(lastActivity, shared?.session === session ? shared.at : 0);
      if (now >= session * 1000 + SESSION_LIMITS.absoluteMs) end('expired');
      else if (now - last >= SESSION_LIMITS.idleMs) end('idle');
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
