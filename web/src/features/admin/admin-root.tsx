/**
 * Wraps every /admin/* route: Firebase (reactfire) providers, the one query cache for server
 * data, the admin guard and the admin layout. This module and what it imports form the lazy
 * admin chunk: Firebase and reactfire never load on public pages.
 */
import { Box, Spinner, Text, VStack } from '@chakra-ui/react';
import { QueryClientProvider } from '@tanstack/react-query';
import { lazy, Suspense, useEffect, useState } from 'react';
import { Navigate, Outlet, useLocation } from 'react-router-dom';
import { AuthProvider, FirebaseAppProvider, useSigninCheck } from 'reactfire';
import { paths } from '../../config/paths';
import { auth, firebaseApp } from '../../lib/firebase';
import { createAdminQueryClient } from './api/query-keys';
import { AdminLayout } from './components/admin-layout';
import { AdminPageMeta } from '../../components/layout/page-meta';
import { sessionState } from './login/confirmed';
import { reasonForRefusal, signOutReason, signOutWithReason, type LoginReason } from './session';
import { recordedActivity } from './session-clock';
import { SessionLimits } from './session-limits';

const CoordinatorWatch = lazy(() => import('./session-watch'));

/** Admin pages a signed-out person uses: sign-in, forgotten password, invitation. */
const SIGNED_OUT_PATHS = new Set<string>([
  paths.admin.login,
  paths.admin.forgotPassword,
  paths.admin.resetPassword,
  paths.admin.acceptInvitation,
  // Signed in with the password, not yet confirmed: the page checks the sign-in itself.
  paths.admin.verify,
]);

function Checking({ label }: { label: string }) {
  return (
    <VStack py="16" gap="3" role="status">
      <AdminPageMeta title={label.replace(/\.+$/, '')} />
      <Spinner size="lg" aria-hidden="true" />
      <Text>{label}</Text>
    </VStack>
  );
}

/**
 * Signs out with `reason` (not an administrator, or a session past its limits), then goes to the
 * sign-in page, which says why. Nothing of the admin area opens meanwhile.
 */
function EndSession({ reason }: { reason: LoginReason }) {
  const [done, setDone] = useState(false);
  useEffect(() => {
    void signOutWithReason(reason).finally(() => setDone(true));
  }, [reason]);
  if (!done) return <Checking label="Checking your access..." />;
  return <Navigate to={paths.admin.login} replace state={{ reason }} />;
}

/**
 * Admin claim, and a sign-in confirmed with a passkey within its limits (login/confirmed.ts): a
 * coordinator whose sign-in is not confirmed goes to its second step, not to the dashboard; one
 * whose session ended (12 hours, or 30 minutes without activity in this browser: a laptop
 * reopened hours later) is signed out with the reason before any list is read.
 */
const claimsCheck = (claims: Record<string, unknown>) => {
  if (claims.admin !== true) return { hasRequiredClaims: false, errors: { admin: ['missing'] } };
  const state = sessionState(claims, Date.now(), recordedActivity());
  if (state === 'unconfirmed') {
    return { hasRequiredClaims: false, errors: { factor: ['unconfirmed'] } };
  }
  if (state === 'expired' || state === 'idle') {
    return { hasRequiredClaims: false, errors: { ended: [state] } };
  }
  return { hasRequiredClaims: true, errors: {} };
};

function RequireAdmin() {
  const location = useLocation();
  const { status, data } = useSigninCheck({ validateCustomClaims: claimsCheck });
  if (status === 'loading') return <Checking label="Checking your sign-in..." />;
  if (status === 'error' || !data.signedIn) {
    return (
      <Navigate
        to={paths.admin.login}
        replace
        state={{ reason: signOutReason(), from: location.pathname }}
      />
    );
  }
  if (!data.hasRequiredClaims) {
    if ('factor' in data.errors) {
      return <Navigate to={paths.admin.verify} replace state={{ from: location.pathname }} />;
    }
    if ('ended' in data.errors) {
      return <EndSession reason={data.errors.ended?.[0] === 'expired' ? 'expired' : 'idle'} />;
    }
    return <EndSession reason="not-admin" />;
  }
  return (
    <AdminLayout signedIn email={data.user?.email ?? null}>
      {data.user && (
        <Suspense fallback={null}>
          <CoordinatorWatch uid={data.user.uid} />
        </Suspense>
      )}
      <SessionLimits />
      <Outlet />
    </AdminLayout>
  );
}

function AdminGate() {
  const { pathname } = useLocation();
  if (SIGNED_OUT_PATHS.has(pathname)) {
    return (
      <AdminLayout signedIn={false}>
        <Outlet />
      </AdminLayout>
    );
  }
  return <RequireAdmin />;
}

export default function AdminRoot() {
  const [queryClient] = useState(() =>
    createAdminQueryClient(
      (error) => void signOutWithReason(reasonForRefusal(error.serverMessage)),
    ),
  );
  return (
    <FirebaseAppProvider firebaseApp={firebaseApp}>
      <AuthProvider sdk={auth}>
        <QueryClientProvider client={queryClient}>
          <Box>
            <AdminGate />
          </Box>
        </QueryClientProvider>
      </AuthProvider>
    </FirebaseAppProvider>
  );
}
