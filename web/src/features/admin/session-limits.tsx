/**
 * The open admin area's side of the session limits (the server keeps them too: it refuses and
 * revokes a session past them, shared/coordinator-sessions.ts in the function):
 * - 12 hours after the sign-in the coordinator is signed out, whatever they are doing;
 * - 30 minutes without a key press, click, touch or scroll, they are signed out;
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

export function SessionLimits() {
  useEffect(() => {
    let lastActivity = Date.now();
    let lastHeartbeat = Date.now();
    let ended = false;
    const end = (reason: 'idle' | 'expired') => {
      if (ended) return;
      ended = true;
      void signOutWithReason(reason);
    };
    const onActivity = () => {
      lastActivity = Date.now();
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
      else if (now - lastActivity >= SESSION_LIMITS.idleMs) end('idle');
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
