/**
 * Public verification of a certificate, so a recognition on a CV can be checked: anyone with the
 * id sees exactly what the certificate shows (name, role, cohort, dates, sessions held, issue
 * date), from GET /api/certificates/:id; an unknown or erased id shows "No such certificate".
 */
import { Box, Heading, Stack, Text } from '@chakra-ui/react';
import { useEffect, useState } from 'react';
import { useParams } from 'react-router-dom';
import {
  formatDay,
  NO_SUCH_CERTIFICATE,
  PROGRAM,
  SESSIONS_PER_PAIR,
  type PublicCertificate,
} from '@mentorship/domain';
import { NarrowPage, AlertText, StatusText } from '../../components/layout/narrow-page';
import { ApiRequestError } from '../../lib/api-client';
import { verifyCertificate } from './certificates-api';

type View =
  | { state: 'loading' }
  | { state: 'found'; certificate: PublicCertificate }
  | { state: 'missing' }
  | { state: 'failed'; message: string };

export default function VerifyCertificatePage() {
  const { id = '' } = useParams();
  const [view, setView] = useState<View>({ state: 'loading' });

  useEffect(() => {
    let live = true;
    verifyCertificate(id)
      .then((certificate) => live && setView({ state: 'found', certificate }))
      .catch((error: unknown) => {
        if (!live) return;
        if (error instanceof ApiRequestError && error.status === 404) setView({ state: 'missing' });
        else
          setView({
            state: 'failed',
            message:
              error instanceof ApiRequestError
                ? error.serverMessage
                : 'Something went wrong. Try again.',
          });
      });
    return () => {
      live = false;
    };
  }, [id]);

  const found = view.state === 'found' ? view.certificate : null;
  const rows: [string, string][] = found
    ? [
        ['Name', found.fullName],
        ['Role', found.roleLabel],
        ['Cohort', found.cohortName],
        ['Program', `${formatDay(found.programStart)} to ${formatDay(found.programEnd)}`],
        ['Sessions held', `${found.sessionsHeld} of ${SESSIONS_PER_PAIR}`],
        ['Issued on', formatDay(found.issuedOn)],
        ['Certificate id', found.id],
      ]
    : [];

  return (
    <NarrowPage
      title="Verify a certificate"
      description={`Check a certificate of recognition from ${PROGRAM.name} by its id.`}
      heading={view.state === 'missing' ? 'No such certificate' : 'Verify a certificate'}
    >
      {view.state === 'loading' ? <StatusText>Checking the certificate…</StatusText> : null}
      {view.state === 'failed' ? <AlertText>{view.message}</AlertText> : null}
      {view.state === 'missing' ? (
        <Text role="status" color="gray.900">
          {NO_SUCH_CERTIFICATE} A certificate whose holder deleted their data no longer exists.
        </Text>
      ) : null}
      {found ? (
        <Stack
          as="section"
          aria-labelledby="certificate-valid"
          borderWidth="2px"
          borderColor="green.600"
          rounded="xl"
          p={{ base: '4', md: '6' }}
          gap="4"
        >
          <Heading as="h2" id="certificate-valid" fontSize="xl" color="green.800">
            Valid certificate of recognition
          </Heading>
          <Text color="gray.900">{PROGRAM.name} issued this certificate. It shows:</Text>
          <Box
            as="dl"
            display="grid"
            gridTemplateColumns={{ base: '1fr', sm: 'auto 1fr' }}
            columnGap="6"
            rowGap="2"
          >
            {rows.map(([label, value]) => (
              <Box key={label} display="contents">
                <Text as="dt" fontWeight="semibold" color="gray.900">
                  {label}
                </Text>
                <Text as="dd" color="gray.900" wordBreak="break-word">
                  {value}
                </Text>
              </Box>
            ))}
          </Box>
        </Stack>
      ) : null}
    </NarrowPage>
  );
}
