/**
 * My application's "Recommend a classmate": a participant (a student or mentor who is
 * or was in a pair; for anyone else the section is not shown) sends one invitation to apply to a
 * classmate's address; it arrives with the next cohort's dates, or waits for them (the
 * participant is told which). Once used, the section says when. Mounted on My application with one
 * line; its own chunk's code only (the applicant's session from my-application-api).
 */
import { Box, Button, Field, Heading, Input, Stack, Text } from '@chakra-ui/react';
import { recommendationSchema, type MyRecommendation } from '@mentorship/domain';
import { useEffect, useState, type FormEvent } from 'react';
import { ApiRequestError, messageOf } from '../../lib/api-client';
import { getMyRecommendation, recommendClassmate } from './my-application-api';

export function RecommendClassmate() {
  const [mine, setMine] = useState<MyRecommendation | null>(null);
  const [email, setEmail] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [pending, setPending] = useState(false);

  useEffect(() => {
    let live = true;
    getMyRecommendation()
      .then((answer) => live && setMine(answer))
      .catch(() => live && setMine(null));
    return () => {
      live = false;
    };
  }, []);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setFailure(null);
    try {
      recommendationSchema.validateSync({ email });
    } catch (invalid) {
      setError((invalid as Error).message);
      return;
    }
    setError(null);
    setPending(true);
    try {
      setMine(await recommendClassmate(email.trim()));
    } catch (failed) {
      if (failed instanceof ApiRequestError && failed.fields.email) setError(failed.fields.email);
      else setFailure(messageOf(failed));
    } finally {
      setPending(false);
    }
  };

  // Only participants (in a pair, now or before) see the form; an invitation once sent stays shown.
  if (!mine || (mine.state === null && !mine.allowed)) return null;
  return (
    <Stack as="section" aria-labelledby="recommend-heading" gap="3" data-testid="recommend">
      <Heading as="h2" id="recommend-heading" fontSize="xl" color="gray.900">
        Recommend a classmate
      </Heading>
      {mine.state === null ? (
        <form onSubmit={(e) => void submit(e)} noValidate aria-label="Recommend a classmate">
          <Stack gap="3">
            <Text color="gray.800">
              {mine.message} We send them one e-mail with the cohort&apos;s dates and do not keep
              their address.
            </Text>
            <Field.Root invalid={Boolean(error)} required>
              <Field.Label>Your classmate&apos;s e-mail address</Field.Label>
              <Input
                type="email"
                autoComplete="off"
                value={email}
                onChange={(e) => setEmail(e.target.value)}
              />
              {error ? <Field.ErrorText>{error}</Field.ErrorText> : null}
            </Field.Root>
            <Button
              type="submit"
              alignSelf="start"
              loading={pending}
              bg="blue.700"
              color="white"
              _hover={{ bg: 'blue.800' }}
            >
              Send the invitation
            </Button>
          </Stack>
        </form>
      ) : null}
      <Box role="status" aria-live="polite">
        {mine.state !== null ? (
          <Text color="green.800" fontWeight="semibold" data-testid="recommend-answer">
            {mine.message}
          </Text>
        ) : null}
        {failure ? (
          <Text color="red.800" fontWeight="semibold">
            {failure}
          </Text>
        ) : null}
      </Box>
    </Stack>
  );
}
