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
import { signOutReason, signOutWithReason } from './session';

const CoordinatorWatch = lazy(() => import('./session-watch'));

/** Admin pages a signed-out person uses: sign-in, forgotten password, invitation. */
const SIGNED_OUT_PATHS = new Set<string>([
  paths.admin.login,
  paths.admin.forgotPassword,
  paths.admin.resetPassword,
  paths.admin.acceptInvitation,
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

function RequireAdmin() {
  const location = useLocation();
  const { status, data } = useSigninCheck({ requiredClaims: { admin: true } });
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
  if (!data.hasRequiredClaims) return <RefuseNonAdmin />;
  return (
    <AdminLayout signedIn email={data.user?.email ?? null}>
      {data.user && (
        <Suspense fallback={null}>
          <CoordinatorWatch uid={data.user.uid} />
        </Suspense>
      )}
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
    createAdminQueryClient(() => void signOutWithReason('session-ended')),
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
