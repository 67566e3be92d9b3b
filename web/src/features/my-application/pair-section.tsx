/**
 * My application's pair section (the months after matching): each of the participant's pairs
 * with the sessions held of 4 and the last one; log a session (date, how it is going, words for
 * the coordinators: never shown to the partner); after the first session, the fit question; and
 * "Report a problem", which reaches the coordinators. Ended pairs stay listed with the reason.
 * The sessions the pair planned and the session guides: planned-sessions.tsx.
 */
import { AlertText, StatusText } from '../../components/layout/narrow-page';
import { Box, Button, Heading, Stack, Text } from '@chakra-ui/react';
import { Form, Formik, type FormikConfig, type FormikErrors, type FormikValues } from 'formik';
import { useState, type ReactNode } from 'react';
import {
  formatDay,
  FIT_ANSWERS,
  FIT_ANSWER_LABELS,
  PAIR_END_REASON_LABELS,
  SESSIONS_PER_PAIR,
  fitSchema,
  logSessionSchema,
  reportProblemSchema,
  type MyPair,
  type SessionGuide,
} from '@mentorship/domain';
import { SelectField, TextareaField, TextField, labelledOptions } from '../../components/form';
import { ApiRequestError, messageOf } from '../../lib/api-client';
import { answerMyFit, getMyPairs, logMySession, reportMyProblem } from './my-application-api';
import { PlannedSessions, SessionGuides } from './planned-sessions';
import { useLoaded } from './use-request';

const today = () => new Date().toISOString().slice(0, 10);

type Save = (next: MyPair[]) => void;

/**
 * One of a pair's forms: named, with its heading, fields, button and status line. Sending it
 * runs `send`, hands back the pair list it answers with and says `done`; a refusal marks the
 * fields it names or says what went wrong.
 */
function PairForm<V extends FormikValues>({
  initialValues,
  validationSchema,
  send,
  done,
  onSaved,
  label,
  heading,
  submitLabel,
  danger = false,
  children,
}: {
  initialValues: V;
  validationSchema: FormikConfig<V>['validationSchema'];
  send: (values: V) => Promise<{ pairs: MyPair[] }>;
  done: string;
  onSaved: Save;
  label: string;
  heading?: string;
  submitLabel: string;
  danger?: boolean;
  children: ReactNode;
}) {
  const [message, setMessage] = useState('');
  return (
    <Formik
      initialValues={initialValues}
      validationSchema={validationSchema}
      onSubmit={async (values, helpers) => {
        setMessage('');
        try {
          onSaved((await send(values)).pairs);
          setMessage(done);
        } catch (error) {
          // The server names the fields as the form does.
          if (error instanceof ApiRequestError) helpers.setErrors(error.fields as FormikErrors<V>);
          setMessage(messageOf(error));
        }
      }}
    >
      {({ isSubmitting }) => (
        <Form noValidate aria-label={label}>
          <Stack gap="4" maxW="lg">
            {heading ? (
              <Heading as="h4" fontSize="md" color="gray.900">
                {heading}
              </Heading>
            ) : null}
            {children}
            <Button
              type="submit"
              variant="outline"
              colorPalette={danger ? 'red' : undefined}
              loading={isSubmitting}
              alignSelf="start"
            >
              {submitLabel}
            </Button>
            <StatusText>{message}</StatusText>
          </Stack>
        </Form>
      )}
    </Formik>
  );
}

function LogSession({ pair, onSaved }: { pair: MyPair; onSaved: Save }) {
  const id = pair.pairId;
  return (
    <PairForm
      initialValues={{ heldOn: today(), rating: '', note: '' }}
      validationSchema={logSessionSchema}
      send={(values) =>
        logMySession(id, {
          heldOn: values.heldOn,
          rating: values.rating === '' ? null : Number(values.rating),
          note: values.note.trim() || null,
        })
      }
      done="Your session is logged. Thank you!"
      onSaved={onSaved}
      label="Log a session"
      heading="Log a session"
      submitLabel="Log this session"
    >
      <TextField
        name="heldOn"
        id={`${id}-heldOn`}
        label="Date of the session"
        type="date"
        required
      />
      <SelectField
        name="rating"
        id={`${id}-rating`}
        label="How is it going?"
        placeholder="Choose 1 (badly) to 5 (very well)"
        options={['1', '2', '3', '4', '5'].map((n) => ({ value: n }))}
      />
      <TextareaField
        name="note"
        id={`${id}-note`}
        label="Anything for the coordinators?"
        helperText={`Only the coordinators read this: ${pair.partnerName} never sees it.`}
      />
    </PairForm>
  );
}

function FitQuestion({ pair, onSaved }: { pair: MyPair; onSaved: Save }) {
  const id = pair.pairId;
  return (
    <PairForm
      initialValues={{ fit: pair.myFit ?? '' }}
      validationSchema={fitSchema}
      send={(values) => answerMyFit(id, values.fit as MyPair['myFit'] & string)}
      done="Thank you: your answer is saved."
      onSaved={onSaved}
      label="Is it a good fit?"
      submitLabel="Save my answer"
    >
      <SelectField
        name="fit"
        id={`${id}-fit`}
        label={`After your first session: is ${pair.partnerName} a good fit for you?`}
        placeholder="Choose an answer"
        options={labelledOptions(FIT_ANSWERS, FIT_ANSWER_LABELS)}
      />
    </PairForm>
  );
}

function ReportProblem({ pair, onSaved }: { pair: MyPair; onSaved: Save }) {
  const id = pair.pairId;
  return (
    <PairForm
      initialValues={{ note: '' }}
      validationSchema={reportProblemSchema}
      send={(values) => reportMyProblem(id, values.note.trim())}
      done="A coordinator has been told and will contact you."
      onSaved={onSaved}
      label="Report a problem"
      heading="Report a problem"
      submitLabel="Report a problem"
      danger
    >
      <TextareaField
        name="note"
        id={`${id}-problem`}
        label="What is wrong?"
        helperText={`Only the coordinators read this: ${pair.partnerName} never sees it.`}
        required
      />
    </PairForm>
  );
}

function PairCard({
  pair,
  guides,
  onSaved,
}: {
  pair: MyPair;
  guides: SessionGuide[];
  onSaved: Save;
}) {
  const headingId = `pair-${pair.pairId}`;
  return (
    <Stack as="section" aria-labelledby={headingId} borderWidth="1px" rounded="xl" p="6" gap="4">
      <Heading as="h3" id={headingId} fontSize="lg" color="gray.900">
        Your mentorship with {pair.partnerName}
      </Heading>
      <Text color="gray.900" data-testid="sessions-held">
        Sessions held: <strong>{pair.sessionsHeld}</strong> of {SESSIONS_PER_PAIR}
        {pair.lastSessionOn ? ` (the last on ${formatDay(pair.lastSessionOn)})` : ''}
      </Text>
      {pair.active ? (
        <>
          {pair.problemReported ? (
            <Box bg="orange.50" rounded="md" p="3">
              <Text color="gray.900">You reported a problem: a coordinator will be in touch.</Text>
            </Box>
          ) : null}
          <PlannedSessions pair={pair} onSaved={onSaved} />
          <SessionGuides pair={pair} guides={guides} />
          <LogSession pair={pair} onSaved={onSaved} />
          {pair.askFit ? <FitQuestion pair={pair} onSaved={onSaved} /> : null}
          <ReportProblem pair={pair} onSaved={onSaved} />
        </>
      ) : (
        <Text color="gray.800">
          This pairing ended
          {pair.endedAt ? ` on ${formatDay(pair.endedAt)}` : ''}
          {pair.endReason ? ` (${PAIR_END_REASON_LABELS[pair.endReason]})` : ''}.
        </Text>
      )}
    </Stack>
  );
}

/** Mounted once on My application; shows nothing for someone who was never matched. */
export function PairSection() {
  const { data, setData, failure } = useLoaded(getMyPairs);
  const onSaved = (next: MyPair[]) => setData((read) => read && { ...read, pairs: next });
  if (failure) {
    return <AlertText>{failure}</AlertText>;
  }
  if (!data || data.pairs.length === 0) return null;
  return (
    <Stack as="section" aria-labelledby="your-mentorship" gap="4">
      <Heading as="h2" id="your-mentorship" fontSize="xl" color="gray.900">
        Your mentorship
      </Heading>
      {data.pairs.map((pair) => (
        <PairCard key={pair.pairId} pair={pair} guides={data.guides} onSaved={onSaved} />
      ))}
    </Stack>
  );
}
