/**
 * On My application's pair card: the sessions the pair planned (proposed by one side,
 * accepted by the other, moved or cancelled by either; times typed and shown in the browser's own
 * time zone), a past planned session nobody logged with its one-click "log it", and the four
 * months' session guides (the current month open, the others collapsed).
 */
import { Box, Button, Heading, HStack, List, Stack, Text } from '@chakra-ui/react';
import { Form, Formik } from 'formik';
import { useState } from 'react';
import {
  SESSIONS_PER_PAIR,
  formatInterviewTime,
  proposeSessionSchema,
  type MyPair,
  type PlannedSessionView,
  type SessionGuide,
} from '@mentorship/domain';
import { TextField } from '../../components/form';
import { StatusText } from '../../components/layout/narrow-page';
import { ApiRequestError, messageOf } from '../../lib/api-client';
import {
  actOnMySession,
  counterMySession,
  logMySession,
  proposeMySession,
} from './my-application-api';

type Save = (next: MyPair[]) => void;

/** The browser's IANA zone (what the person types times in). */
export const browserZone = (): string => Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';

/** A day and time form in the browser's zone: a new proposal or another time for one. */
function TimeForm({
  pair,
  planned,
  onSaved,
  onDone,
}: {
  pair: MyPair;
  planned?: PlannedSessionView;
  onSaved: Save;
  onDone?: () => void;
}) {
  const [message, setMessage] = useState('');
  const zone = browserZone();
  const prefix = `${pair.pairId}-${planned?.id ?? 'new'}`;
  const label = planned ? 'Suggest another time' : 'Plan a session';
  return (
    <Formik
      initialValues={{ date: '', time: '', timeZone: zone }}
      validationSchema={proposeSessionSchema}
      onSubmit={async (values, helpers) => {
        setMessage('');
        try {
          const body = { date: values.date, time: values.time, timeZone: zone };
          const result = planned
            ? await counterMySession(pair.pairId, planned.id, body)
            : await proposeMySession(pair.pairId, body);
          onSaved(result.pairs);
          helpers.resetForm();
          setMessage(result.message);
          onDone?.();
        } catch (error) {
          if (error instanceof ApiRequestError) helpers.setErrors(error.fields);
          setMessage(messageOf(error));
        }
      }}
    >
      {({ isSubmitting }) => (
        <Form noValidate aria-label={label}>
          <Stack gap="3" maxW="lg">
            {planned ? null : (
              <Heading as="h5" fontSize="sm" color="gray.900">
                {label}
              </Heading>
            )}
            <HStack gap="3" align="start" flexWrap="wrap">
              <Box flex="1" minW="10rem">
                <TextField name="date" id={`${prefix}-date`} label="Date" type="date" required />
              </Box>
              <Box flex="1" minW="8rem">
                <TextField name="time" id={`${prefix}-time`} label="Time" type="time" required />
              </Box>
            </HStack>
            <Text color="gray.800" fontSize="sm">
              In your time zone ({zone}). {pair.partnerName} sees it in theirs.
            </Text>
            <Button type="submit" variant="outline" loading={isSubmitting} alignSelf="start">
              {planned ? 'Send this time' : 'Propose this time'}
            </Button>
            <StatusText>{message}</StatusText>
          </Stack>
        </Form>
      )}
    </Formik>
  );
}

function PlannedItem({
  pair,
  planned,
  onSaved,
  say,
}: {
  pair: MyPair;
  planned: PlannedSessionView;
  onSaved: Save;
  say: (m: string) => void;
}) {
  const [moving, setMoving] = useState(false);
  const [busy, setBusy] = useState(false);
  const when = formatInterviewTime(planned.startsAt);
  const run = async (work: () => Promise<{ pairs: MyPair[]; message?: string }>, done = '') => {
    setBusy(true);
    say('');
    try {
      const result = await work();
      onSaved(result.pairs);
      say(result.message ?? done);
    } catch (error) {
      say(messageOf(error));
    } finally {
      setBusy(false);
    }
  };
  const act = (action: 'accept' | 'cancel') =>
    run(() => actOnMySession(pair.pairId, planned.id, action, browserZone()));
  const state = planned.past
    ? 'Did it happen?'
    : planned.status === 'accepted'
      ? 'Planned: in both calendars.'
      : planned.canAccept
        ? `${pair.partnerName} proposes this time.`
        : `Proposed by you: waiting for ${pair.partnerName}.`;
  return (
    <List.Item borderWidth="1px" rounded="md" p="3" listStyleType="none">
      <Stack gap="2">
        <Text color="gray.900" fontWeight="semibold">
          {when}
        </Text>
        <Text color="gray.800">{state}</Text>
        <HStack gap="2" flexWrap="wrap">
          {planned.past ? (
            <Button
              size="sm"
              colorPalette="blue"
              loading={busy}
              onClick={() =>
                run(
                  () =>
                    // Its program day, not the viewer's: both partners log it in one month.
                    logMySession(pair.pairId, {
                      heldOn: planned.dayUtc,
                      rating: null,
                      note: null,
                    }),
                  'Your session is logged. Thank you!',
                )
              }
            >
              Yes, log this session
            </Button>
          ) : (
            <>
              {planned.canAccept ? (
                <Button size="sm" colorPalette="blue" loading={busy} onClick={() => act('accept')}>
                  Accept this time
                </Button>
              ) : null}
              <Button
                size="sm"
                variant="outline"
                aria-expanded={moving}
                onClick={() => setMoving((m) => !m)}
              >
                Suggest another time
              </Button>
              <Button
                size="sm"
                variant="outline"
                colorPalette="red"
                loading={busy}
                onClick={() => act('cancel')}
              >
                Cancel this session
              </Button>
            </>
          )}
        </HStack>
        {moving && !planned.past ? (
          <TimeForm
            pair={pair}
            planned={planned}
            onSaved={onSaved}
            onDone={() => setMoving(false)}
          />
        ) : null}
      </Stack>
    </List.Item>
  );
}

/** The pair's planned sessions and the form to plan one (a running pair). */
export function PlannedSessions({ pair, onSaved }: { pair: MyPair; onSaved: Save }) {
  const [message, setMessage] = useState('');
  const headingId = `planned-${pair.pairId}`;
  return (
    <Stack as="section" aria-labelledby={headingId} gap="3">
      <Heading as="h4" id={headingId} fontSize="md" color="gray.900">
        Planned sessions
      </Heading>
      {pair.planned.length === 0 ? (
        <Text color="gray.800">
          No session planned yet. Propose a time: {pair.partnerName} accepts it or suggests another,
          and you both get a calendar invitation and a reminder the day before.
        </Text>
      ) : (
        <List.Root gap="2" ps="0">
          {pair.planned.map((p) => (
            <PlannedItem key={p.id} pair={pair} planned={p} onSaved={onSaved} say={setMessage} />
          ))}
        </List.Root>
      )}
      <StatusText>{message}</StatusText>
      <Text color="gray.800" fontSize="sm">
        The Code of Conduct asks for 24 hours&apos; notice when you cancel.
      </Text>
      <TimeForm pair={pair} onSaved={onSaved} />
    </Stack>
  );
}

/** The four months' guides: the pair's current month open, the others collapsed. */
export function SessionGuides({ pair, guides }: { pair: MyPair; guides: SessionGuide[] }) {
  const headingId = `guides-${pair.pairId}`;
  const current = Math.min(Math.max(pair.month, 1), SESSIONS_PER_PAIR);
  return (
    <Stack as="section" aria-labelledby={headingId} gap="2">
      <Heading as="h4" id={headingId} fontSize="md" color="gray.900">
        Session guides
      </Heading>
      {guides.map((guide) => (
        <Box
          key={guide.month}
          borderWidth="1px"
          rounded="md"
          p="3"
          data-testid={`guide-${guide.month}`}
        >
          <details open={guide.month === current}>
            <summary style={{ cursor: 'pointer', fontWeight: 600, color: '#171923' }}>
              Month {guide.month}
              {guide.month === current && pair.month >= 1 && pair.month <= SESSIONS_PER_PAIR
                ? ' (this month)'
                : ''}
            </summary>
            <Stack gap="2" mt="2">
              <Text color="gray.900">Suggested topics: {guide.topics.join(', ')}</Text>
              <Text color="gray.900">Questions to start with:</Text>
              <List.Root ps="5">
                {guide.questions.map((q) => (
                  <List.Item key={q} color="gray.900">
                    {q}
                  </List.Item>
                ))}
              </List.Root>
            </Stack>
          </details>
        </Box>
      ))}
    </Stack>
  );
}
