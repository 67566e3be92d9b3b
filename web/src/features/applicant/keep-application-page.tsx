/**
 * Where the carry-forward e-mail links (`/my-application/keep#token=...`, in the fragment no server sees). Opening it (a GET,
 * also a mail scanner's prefetch) changes nothing: the person presses the button, and only that
 * POST keeps their application for the next cohort, once.
 */
import { Box, Button, Text } from '@chakra-ui/react';
import { carryForwardPaths, tokenFromLocation, type CarryForwardAnswer } from '@mentorship/domain';
import { useState } from 'react';
import { NarrowPage } from '../../components/layout/narrow-page';
import { ApiRequestError, apiRequest } from '../../lib/api-client';

export default function KeepApplicationPage() {
  const token = tokenFromLocation(window.location);
  const [pending, setPending] = useState(false);
  const [answer, setAnswer] = useState<{ ok: boolean; text: string } | null>(null);
  const keep = async () => {
    setPending(true);
    try {
      const done = await apiRequest<CarryForwardAnswer>(carryForwardPaths.answer, {
        method: 'POST',
        body: { token },
      });
      setAnswer({ ok: true, text: done.message });
    } catch (error) {
      setAnswer({
        ok: false,
        text:
          error instanceof ApiRequestError ? error.serverMessage : 'Please try again in a moment.',
      });
    } finally {
      setPending(false);
    }
  };
  return (
    <NarrowPage
      title="Keep my application"
      description="Keep your mentorship application for the next cohort."
    >
      <Text color="gray.800">
        Press the button to keep your application for the next cohort. Nothing changes until you do.
      </Text>
      {answer?.ok ? null : (
        <Button
          alignSelf="start"
          loading={pending}
          bg="blue.700"
          color="white"
          _hover={{ bg: 'blue.800' }}
          onClick={() => void keep()}
        >
          Yes, keep my application
        </Button>
      )}
      <Box role="status" aria-live="polite">
        {answer ? (
          <Text
            color={answer.ok ? 'green.800' : 'red.800'}
            fontWeight="semibold"
            data-testid="keep-answer"
          >
            {answer.text}
          </Text>
        ) : null}
      </Box>
    </NarrowPage>
  );
}
