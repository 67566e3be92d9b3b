import { Box, Button, Flex, HStack, Link as ChakraLink, Text } from '@chakra-ui/react';
import { useQueryClient } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { RouterButton } from '../../../components/ui/router-button';
import { paths } from '../../../config/paths';
import { site } from '../../../config/site';
import { SkipLink } from '../../../components/layout/skip-link';
import { useFocusHeadingOnNavigate } from '../../../components/layout/use-focus-heading-on-navigate';
import { useFocusInView } from '../../../components/layout/use-focus-in-view';
import { useFocusThroughBusy } from '../../../components/layout/use-focus-through-busy';
import { signOutWithReason } from '../session';
import { useOnline } from './use-online';

/** The admin pages in the header's navigation, in order. */
const ADMIN_PAGES = [
  { to: paths.admin.dashboard, label: 'Dashboard' },
  { to: paths.admin.matching, label: 'Suggest matches' },
  { to: paths.admin.cohorts, label: 'Cohorts' },
  { to: paths.admin.interviews, label: 'Interviews' },
  { to: paths.admin.pairs, label: 'Pairs' },
  { to: paths.admin.guides, label: 'Guides' },
  { to: paths.admin.team, label: 'Team' },
  { to: paths.admin.reports, label: 'Reports' },
];

/**
 * A quiet line while the browser is offline: the lists keep what they had and catch up by
 * themselves when the connection returns (Firestore's listeners resume).
 */
function OfflineBanner() {
  const online = useOnline();
  return (
    <Box role="status" aria-live="polite">
      {online ? null : (
        <Text bg="orange.subtle" color="fg" px={{ base: '4', md: '6' }} py="2" fontSize="sm">
          You are offline. The lists show what was last received and will catch up when the
          connection returns.
        </Text>
      )}
    </Box>
  );
}

/**
 * The admin area's frame: header (once signed in: who is signed in, the admin pages, Logout),
 * main, no public footer.
 */
export function AdminLayout({
  signedIn,
  email = null,
  children,
}: {
  signedIn: boolean;
  /** The signed-in coordinator's address, shown in the header. */
  email?: string | null;
  children: ReactNode;
}) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  useFocusHeadingOnNavigate();
  useFocusInView();
  useFocusThroughBusy();

  const logout = async () => {
    await signOutWithReason('logged-out');
    queryClient.clear();
    navigate(paths.admin.login, { replace: true, state: { reason: 'logged-out' } });
  };

  return (
    <Flex direction="column" minH="100vh" bg="bg.subtle">
      <SkipLink look="admin" />
      <Box as="header" borderBottomWidth="1px" bg="bg" px={{ base: '4', md: '6' }} py="3">
        <HStack gap={{ base: '2', md: '4' }} wrap="wrap">
          <HStack gap="3">
            <ChakraLink asChild fontWeight="bold">
              <Link to={signedIn ? paths.admin.dashboard : paths.home}>{site.shortName}</Link>
            </ChakraLink>
            <Text color="fg.muted" fontSize="sm">
              Admin
            </Text>
          </HStack>
          {signedIn && email && (
            // On a phone: beside the name on the first row (the nav takes the second).
            <HStack gap="1" data-testid="signed-in-as" ms="auto" minW="0">
              <Text as="span" fontSize="sm" color="fg.muted" srOnly={{ base: true, md: false }}>
                Signed in as
              </Text>
              <RouterButton
                variant="ghost"
                size="sm"
                px="1"
                to={paths.admin.account}
                linkProps={{ title: 'Your account: change your password' }}
              >
                <Text as="span" truncate maxW={{ base: '32', md: '64' }}>
                  {email}
                </Text>
              </RouterButton>
            </HStack>
          )}
          {signedIn && (
            <HStack as="nav" aria-label="Admin" gap={{ base: '1', md: '2' }} wrap="wrap">
              {ADMIN_PAGES.map(({ to, label }) => (
                <RouterButton key={to} variant="ghost" size={{ base: 'xs', md: 'sm' }} to={to}>
                  {label}
                </RouterButton>
              ))}
              <Button
                variant="outline"
                size={{ base: 'xs', md: 'sm' }}
                onClick={() => void logout()}
              >
                Logout
              </Button>
            </HStack>
          )}
        </HStack>
      </Box>
      {signedIn && <OfflineBanner />}
      <Box as="main" id="main" flex="1" tabIndex={-1} px={{ base: '4', md: '6' }} py="6">
        <Box maxW="7xl" mx="auto">
          {children}
        </Box>
      </Box>
    </Flex>
  );
}
