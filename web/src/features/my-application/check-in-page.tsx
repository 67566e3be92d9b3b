/**
 * Where a check-in e-mail's buttons land (`/my-application/check-in?answer=met#token=...`).
 * Opening the link, or loading this page (a mail scanner's headless browser does), records
 * nothing: the page reads the check-in (`POST /api/check-ins/view`, the token in the body) and
 * shows the answer the button chose with a button to save it; only that click records it
 * (`POST /api/check-ins/answer`). Then it offers the short form: the date, how it is going
 * (1-5), words for the coordinators (never shown to the partner) and, after a first session,
 * the fit question. No sign-in: the token is the key, for this one check-in. The token is in the
 * URL's fragment, which the browser never sends to a server.
 */
import { Box, Button, Heading, Stack, Text } from '@chakra-ui/react';
import { Form, Formik } from 'formik';
import { useEffect, useState } from 'react';
import { useLocation } from 'react-router-dom';
import {
  CHECK_IN_ANSWERS,
  CHECK_IN_ANSWER_LABELS,
  CHECK_IN_PERIOD,
  FIT_ANSWERS,
  FIT_ANSWER_LABELS,
  PROGRAM,
  checkInAnswerSchema,
  tokenFromLocation,
  type CheckInAnswer,
  type CheckInView,
} from '@mentorship/domain';
import { SelectField, TextareaField, TextField, labelledOptions } from '../../components/form';
import { NarrowPage, AlertText, StatusText } from '../../components/layout/narrow-page';
import { ApiRequestError, messageOf } from '../../lib/api-client';
import { answerCheckIn, viewCheckIn } from './email-link-api';

/** The check-in period's words ("this month", "month 2"): the period, not the program month. */
const { words } = CHECK_IN_PERIOD;

const isAnswer = (value: string | null): value is CheckInAnswer =>
  (CHECK_IN_ANSWERS as readonly string[]).includes(value ?? '');

const today = () => new Date().toISOString().slice(0, 10);

type View =
  | { state: 'loading' }
  | { state: 'failed'; message: string }
  | { state: 'ready'; view: CheckInView };

function DetailsForm({
  token,
  view,
  onSaved,
}: {
  token: string;
  view: CheckInView;
  onSaved: (v: CheckInView) => void;
}) {
  const [message, setMessage] = useState('');
  return (
    <Formik
      initialValues={{
        answer: view.answer ?? 'met',
        heldOn: view.heldOn ?? today(),
        rating: view.rating === null ? '' : String(view.rating),
        note: view.note ?? '',
        fit: view.fit ?? '',
      }}
      onSubmit={async (values, helpers) => {
        setMessage('');
        const body = {
          answer: values.answer,
          heldOn: values.answer === 'met' ? values.heldOn || null : null,
          rating: values.rating === '' ? null : Number(values.rating),
          note: values.note.trim() || null,
          fit: values.fit || null,
        };
        try {
          await checkInAnswerSchema.validate(body, { abortEarly: false });
        } catch (error) {
          const inner = (error as { inner?: { path?: string; message: string }[] }).inner ?? [];
          helpers.setErrors(Object.fromEntries(inner.map((e) => [e.path ?? 'answer', e.message])));
          return;
        }
        try {
          onSaved(await answerCheckIn(token, body));
          setMessage('Thank you: your details are saved.');
        } catch (error) {
          if (error instanceof ApiRequestError) helpers.setErrors(error.fields);
          setMessage(messageOf(error));
        }
      }}
    >
      {({ values, isSubmitting }) => (
        <Form noValidate aria-labelledby="details-heading">
          <Stack gap="4" maxW="lg">
            <Heading as="h2" id="details-heading" fontSize="xl" color="gray.900">
              Add a few details (optional)
            </Heading>
            <SelectField
              name="answer"
              label={`Have you met ${words.current}?`}
              options={labelledOptions(CHECK_IN_ANSWERS, CHECK_IN_ANSWER_LABELS)}
            />
            {values.answer === 'met' ? (
              <TextField name="heldOn" label="Date of the session" type="date" />
            ) : null}
            <SelectField
              name="rating"
              label="How is it going?"
              placeholder="Choose 1 (badly) to 5 (very well)"
              options={['1', '2', '3', '4', '5'].map((n) => ({ value: n }))}
            />
            {view.askFit || values.answer === 'met' ? (
              <SelectField
                name="fit"
                label={`Is ${view.partnerName} a good fit for you?`}
                placeholder="Choose an answer"
                options={labelledOptions(FIT_ANSWERS, FIT_ANSWER_LABELS)}
              />
            ) : null}
            <TextareaField
              name="note"
              label="Anything for the coordinators?"
              helperText={`Only the coordinators read this: ${view.partnerName} never sees it.`}
            />
            <Button type="submit" colorPalette="blue" loading={isSubmitting} alignSelf="start">
              Save details
            </Button>
            <StatusText>{message}</StatusText>
          </Stack>
        </Form>
      )}
    </Formik>
  );
}

/** The answer the e-mail's button chose, shown with the one button that records it. */
function ChosenAnswer({
  token,
  answer,
  onSaved,
}: {
  token: string;
  answer: CheckInAnswer;
  onSaved: (v: CheckInView) => void;
}) {
  const [saving, setSaving] = useState(false);
  const [error, setError] = useState('');
  const save = async () => {
    setSaving(true);
    setError('');
    try {
      onSaved(await answerCheckIn(token, { answer }));
    } catch (e) {
      setError(messageOf(e));
    } finally {
      setSaving(false);
    }
  };
  return (
    <Stack gap="3" borderWidth="1px" rounded="md" p="4" data-testid="check-in-choice">
      <Text color="gray.900">
        You chose: <strong>{CHECK_IN_ANSWER_LABELS[answer]}</strong>. Nothing is saved until you
        press the button.
      </Text>
      <Button colorPalette="blue" alignSelf="start" loading={saving} onClick={() => void save()}>
        Save my answer: {CHECK_IN_ANSWER_LABELS[answer]}
      </Button>
      {error ? <AlertText>{error}</AlertText> : null}
    </Stack>
  );
}

export default function CheckInPage() {
  const location = useLocation();
  const token = tokenFromLocation(location);
  const chosen = new URLSearchParams(location.search).get('answer');
  const [view, setView] = useState<View>({ state: 'loading' });
  // The button's answer waits for the person's click; saved (or dismissed) once.
  const [pending, setPending] = useState<CheckInAnswer | null>(isAnswer(chosen) ? chosen : null);

  useEffect(() => {
    let live = true;
    const load = async (): Promise<View> => {
      if (!token)
        return {
          state: 'failed',
          message: 'This link is incomplete. Open it from the e-mail again.',
        };
      try {
        // Read only: opening the page records nothing.
        const next = await viewCheckIn(token);
        return { state: 'ready', view: next };
      } catch (error) {
        return { state: 'failed', message: messageOf(error) };
      }
    };
    void load().then((next) => {
      if (live) setView(next);
    });
    return () => {
      live = false;
    };
  }, [token]);

  const saved = (next: CheckInView) => {
    setPending(null);
    setView({ state: 'ready', view: next });
  };

  return (
    <NarrowPage
      title="Your check-in"
      description={`A ${words.adjective} check-in of ${PROGRAM.name}.`}
    >
      {view.state === 'loading' ? <StatusText>Opening your check-in…</StatusText> : null}
      {view.state === 'failed' ? <AlertText>{view.message}</AlertText> : null}
      {view.state === 'ready' ? (
        <>
          <Box role="status" bg="green.50" borderWidth="1px" rounded="md" p="4">
            <Text color="gray.900" data-testid="check-in-answer">
              {view.view.answer
                ? `Thank you, ${view.view.firstName}. Your answer for ${words.named(view.view.month)} is saved: ${CHECK_IN_ANSWER_LABELS[view.view.answer]}.`
                : `${words.titled(view.view.month)} check-in: no answer saved yet.`}
            </Text>
          </Box>
          {view.view.closed ? (
            <Text color="gray.800">This pairing has ended, so it takes no more answers.</Text>
          ) : pending && pending !== view.view.answer ? (
            <ChosenAnswer token={token} answer={pending} onSaved={saved} />
          ) : (
            <DetailsForm token={token} view={view.view} onSaved={saved} />
          )}
        </>
      ) : null}
    </NarrowPage>
  );
}
