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
import { confirmedClaims } from './login/confirmed';
import { reasonForRefusal, signOutReason, signOutWithReason } from './session';
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

/** Signs out a user who is signed in but lacks the admin claim, then redirects. */
function RefuseNonAdmin() {
  const [done, setDone] = useState(false);
  useEffect(() => {
    void signOutWithReason('not-admin').finally(() => setDone(true));
  }, []);
  if (!done) return <Checking label="Checking your access..." />;
  return <Navigate to={paths.admin.login} replace state={{ reason: 'not-admin' }} />;
}

/**
 * Admin claim, and a sign-in confirmed with a passkey within its 12 hours (passkey.ts): a
 * coordinator whose sign-in is not confirmed goes to its second step, not to the dashboard.
 */
const claimsCheck = (claims: Record<string, unknown>) => {
  if (claims.admin !== true) return { hasRequiredClaims: false, errors: { admin: ['missing'] } };
  if (!confirmedClaims(claims)) {
    return { hasRequiredClaims: false, errors: { factor: ['unconfirmed'] } };
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
    return <RefuseNonAdmin />;
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
