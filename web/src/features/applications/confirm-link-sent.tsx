import { Box, Text } from '@chakra-ui/react';
import { RETENTION } from '@mentorship/domain';

/** Added to the spec's success screens: the application counts once the address is confirmed. */
export function ConfirmLinkSent() {
  return (
    <Box borderWidth="1px" borderColor="blue.200" bg="blue.50" rounded="md" p="4">
      <Text color="gray.900">
        <strong>Check your inbox:</strong> we have sent a link to the e-mail address you gave. Open
        it to confirm your address; your application reaches our coordinators only then. An
        unconfirmed application is deleted after {RETENTION.unconfirmedDays} days.
      </Text>
    </Box>
  );
}
