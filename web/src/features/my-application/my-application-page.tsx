/**
 * My application: where each of the signed-in applicant's applications stands, in words and
 * dates; their answers, correctable (contact details always, the rest while awaiting review);
 * withdraw; download everything as one JSON file; erase everything. Reads through the API only
 * (firestore.rules give participants nothing).
 */
import { Box, Button, Heading, HStack, Link as ChakraLink, Stack, Text } from '@chakra-ui/react';
import { Form, Formik } from 'formik';
import { useEffect, useState } from 'react';
import { Link } from 'react-router-dom';
import {
  formatDate,
  MY_APPLICATION_MESSAGES,
  mailtoHref,
  CONTACT_FIELDS,
  PROGRAM,
  type MyApplication,
  type PersonKind,
} from '@mentorship/domain';
import { TextField } from '../../components/form';
import { NarrowPage, AlertText, StatusText } from '../../components/layout/narrow-page';
import { paths } from '../../config/paths';
import { ApiRequestError, messageOf } from '../../lib/api-client';
import { MyCertificates } from './my-certificates';
import {
  correct,
  currentApplicant,
  downloadJson,
  eraseMyData,
  exportMyData,
  getMyApplications,
  signOutApplicant,
  withdraw,
} from './my-application-api';
import { InterviewSection } from './interview-section';
import { PairSection } from './pair-section';
import { useAttempt } from './use-request';
import { RecommendClassmate } from './recommend-classmate';

const ROLE_TITLES: Record<PersonKind, string> = {
  student: 'Your student application',
  mentor: 'Your mentor application',
};

const date = (iso: string | null) => (iso ? formatDate(iso) : null);

const NEXT: Record<MyApplication['status'], string> = {
  unconfirmed: 'Open the link in the e-mail we sent you to confirm your address.',
  received:
    'A coordinator reviews your application within 3-5 business days and tells you by e-mail.',
  approved:
    'You are approved. We are looking for a match for you and will introduce you by e-mail.',
  declined: 'If you have questions about this decision, reply to our e-mail or write to us.',
  matched:
    'Write to your match to plan your first meeting: agree on goals and a monthly time. The Code of Conduct applies to every meeting.',
  withdrawn: 'You withdrew this application. It will not be matched.',
  inactive: 'Your application is on hold. Write to us if you have questions.',
};

/** Fields offered for correction: contact details always, free texts while awaiting review. */
const EXTRA_FIELDS: Record<PersonKind, { name: string; label: string }[]> = {
  student: [{ name: 'mentorshipGoals', label: 'Mentorship goals' }],
  mentor: [{ name: 'motivation', label: 'Motivation' }],
};
const CONTACT_LABELS: Record<string, string> = {
  fullName: 'Full name',
  phoneNumber: 'Phone number',
  linkedinUrl: 'LinkedIn URL',
};

function CorrectForm({
  application,
  onSaved,
}: {
  application: MyApplication;
  onSaved: (next: MyApplication) => void;
}) {
  const [message, setMessage] = useState('');
  const fields = [
    ...CONTACT_FIELDS[application.role].map((name) => ({
      name,
      label: CONTACT_LABELS[name] ?? name,
    })),
    ...(application.canCorrectAnswers ? EXTRA_FIELDS[application.role] : []),
  ];
  const initial = Object.fromEntries(
    fields.map(({ name }) => [name, String(application.answers[name] ?? '')]),
  );
  const idPrefix = `${application.role}-`;
  return (
    <Formik
      initialValues={initial}
      onSubmit={async (values, helpers) => {
        setMessage('');
        const { email: _e, emailAddress: _a, ...answers } = application.answers;
        try {
          onSaved(
            await correct(application.role, { ...answers, ...values }, application.updatedAt),
          );
          setMessage('Your corrections are saved.');
        } catch (error) {
          if (error instanceof ApiRequestError) helpers.setErrors(error.fields);
          setMessage(messageOf(error));
        }
      }}
    >
      {({ isSubmitting }) => (
        <Form noValidate>
          <Stack gap="4" maxW="lg">
            {fields.map(({ name, label }) => (
              <TextField key={name} name={name} id={`${idPrefix}${name}`} label={label} />
            ))}
            <Button type="submit" loading={isSubmitting} alignSelf="start" variant="outline">
              Save corrections
            </Button>
            <StatusText>{message}</StatusText>
          </Stack>
        </Form>
      )}
    </Formik>
  );
}

function ApplicationCard({
  application,
  onChange,
}: {
  application: MyApplication;
  onChange: (next: MyApplication) => void;
}) {
  const [confirming, setConfirming] = useState(false);
  const { failure, attempt } = useAttempt();
  const headingId = `${application.role}-application`;
  return (
    <Stack as="section" aria-labelledby={headingId} borderWidth="1px" rounded="xl" p="6" gap="4">
      <Heading as="h2" id={headingId} fontSize="xl" color="gray.900">
        {ROLE_TITLES[application.role]}
      </Heading>
      <Text fontSize="lg" color="gray.900">
        Status: <strong>{application.statusLabel}</strong>
      </Text>
      <Stack gap="1" color="gray.800">
        <Text>Applied on {date(application.appliedAt)}</Text>
        {application.confirmedAt ? (
          <Text>E-mail address confirmed on {date(application.confirmedAt)}</Text>
        ) : null}
        <Text>Last changed on {date(application.updatedAt)}</Text>
        {application.withdrawnAt ? <Text>Withdrawn on {date(application.withdrawnAt)}</Text> : null}
      </Stack>
      {application.declineReason ? (
        <Box borderWidth="1px" borderColor="orange.300" bg="orange.50" rounded="md" p="4">
          <Text fontWeight="semibold" color="gray.900">
            The coordinator&apos;s reason
          </Text>
          <Text whiteSpace="pre-wrap" color="gray.900">
            {application.declineReason}
          </Text>
        </Box>
      ) : null}
      {application.matches.map((match) => (
        <Box key={`${match.name}-${match.since}`} bg="blue.50" rounded="md" p="4">
          <Text color="gray.900">
            Matched with <strong>{match.name}</strong>
            {match.about ? ` (${match.about})` : ''} since {date(match.since)}.
          </Text>
          {match.email ? (
            <Text color="gray.900">
              Reach them at{' '}
              {/* Inline, so a long address wraps inside the box on a phone (the link's own
                  inline-flex would keep it one box, running off the screen). */}
              <ChakraLink
                href={mailtoHref(match.email)}
                color="blue.800"
                textDecoration="underline"
                display="inline"
                css={{ overflowWrap: 'anywhere' }}
              >
                {match.email}
              </ChakraLink>
              .
            </Text>
          ) : null}
        </Box>
      ))}
      <Text color="gray.800">
        <strong>What happens next:</strong> {NEXT[application.status]}
      </Text>
      {application.role === 'mentor' && application.status === 'received' ? (
        <InterviewSection />
      ) : null}
      {application.status !== 'withdrawn' ? (
        <Stack gap="3">
          <Heading as="h3" fontSize="md" color="gray.900">
            Correct your answers
          </Heading>
          <Text color="gray.800">
            {application.canCorrectAnswers
              ? 'While your application awaits review you can correct it.'
              : 'Your application has been reviewed: you can still update your contact details.'}
          </Text>
          <CorrectForm application={application} onSaved={onChange} />
        </Stack>
      ) : null}
      {application.canWithdraw ? (
        <Stack gap="3">
          {confirming ? (
            <>
              <Text color="gray.900">
                Withdraw this application? Coordinators will see it as withdrawn and it will never
                be matched.
              </Text>
              <HStack gap="3" wrap="wrap">
                <Button
                  colorPalette="red"
                  onClick={() =>
                    attempt(async () => {
                      onChange(await withdraw(application.role));
                      setConfirming(false);
                    })
                  }
                >
                  Yes, withdraw
                </Button>
                <Button variant="outline" onClick={() => setConfirming(false)}>
                  Keep my application
                </Button>
              </HStack>
            </>
          ) : (
            <Button variant="outline" alignSelf="start" onClick={() => setConfirming(true)}>
              Withdraw my application
            </Button>
          )}
          {failure ? <AlertText>{failure}</AlertText> : null}
        </Stack>
      ) : null}
    </Stack>
  );
}

function YourData({ onErased }: { onErased: (message: string) => void }) {
  const [confirming, setConfirming] = useState(false);
  const { failure, attempt } = useAttempt();
  return (
    <Stack as="section" aria-labelledby="your-data" borderWidth="1px" rounded="xl" p="6" gap="4">
      <Heading as="h2" id="your-data" fontSize="xl" color="gray.900">
        Your data
      </Heading>
      <Text color="gray.800">
        Download a copy of everything we store about you (one JSON file), or have it all deleted.
        See the{' '}
        <ChakraLink asChild color="blue.800" textDecoration="underline">
          <Link to={paths.privacy}>Privacy Policy</Link>
        </ChakraLink>{' '}
        for how long we keep it.
      </Text>
      <HStack gap="3" wrap="wrap">
        <Button
          variant="outline"
          onClick={() => attempt(async () => downloadJson(await exportMyData(), 'my-data.json'))}
        >
          Download my data
        </Button>
        {confirming ? null : (
          <Button variant="outline" colorPalette="red" onClick={() => setConfirming(true)}>
            Delete my data
          </Button>
        )}
      </HStack>
      {confirming ? (
        <Stack gap="3">
          <Text color="gray.900">
            Delete all your data? Your applications, matches and the e-mails we sent you are erased
            and you are signed out. This cannot be undone.
          </Text>
          <HStack gap="3" wrap="wrap">
            <Button
              colorPalette="red"
              onClick={() => attempt(async () => onErased(await eraseMyData()))}
            >
              Yes, delete everything
            </Button>
            <Button variant="outline" onClick={() => setConfirming(false)}>
              Cancel
            </Button>
          </HStack>
        </Stack>
      ) : null}
      {failure ? <AlertText>{failure}</AlertText> : null}
    </Stack>
  );
}

type View =
  | { state: 'loading' }
  | { state: 'signed-out'; message?: string }
  | { state: 'ready'; email: string; applications: MyApplication[] }
  | { state: 'failed'; message: string };

async function loadView(): Promise<View> {
  try {
    if (!(await currentApplicant())) return { state: 'signed-out' };
    const { email, applications } = await getMyApplications();
    return { state: 'ready', email, applications };
  } catch (error) {
    return { state: 'failed', message: messageOf(error) };
  }
}

export default function MyApplicationPage() {
  const [view, setView] = useState<View>({ state: 'loading' });

  useEffect(() => {
    let live = true;
    void loadView().then((next) => {
      if (live) setView(next);
    });
    return () => {
      live = false;
    };
  }, []);

  const replace = (next: MyApplication) =>
    setView((v) =>
      v.state === 'ready'
        ? { ...v, applications: v.applications.map((a) => (a.role === next.role ? next : a)) }
        : v,
    );

  return (
    <NarrowPage
      title="My application"
      description={`Where your application to ${PROGRAM.name} stands.`}
    >
      {view.state === 'loading' ? <StatusText>Loading your application…</StatusText> : null}
      {view.state === 'failed' ? <AlertText>{view.message}</AlertText> : null}
      {view.state === 'signed-out' ? (
        <Stack gap="4">
          {view.message ? (
            <Box role="status" bg="green.50" borderWidth="1px" rounded="md" p="4">
              <Text color="gray.900">{view.message}</Text>
            </Box>
          ) : (
            <Text color="gray.800">You are not signed in.</Text>
          )}
          <ChakraLink asChild color="blue.800" textDecoration="underline">
            <Link to={paths.myApplicationSignIn}>Check my application</Link>
          </ChakraLink>
        </Stack>
      ) : null}
      {view.state === 'ready' ? (
        <>
          <HStack justify="space-between" wrap="wrap" gap="3">
            <Text color="gray.800">Signed in as {view.email}</Text>
            <Button
              variant="outline"
              size="sm"
              onClick={async () => {
                await signOutApplicant();
                setView({ state: 'signed-out', message: 'You are signed out.' });
              }}
            >
              Sign out
            </Button>
          </HStack>
          {view.applications.length === 0 ? (
            <Text color="gray.800">{MY_APPLICATION_MESSAGES.noApplication}</Text>
          ) : null}
          {view.applications.map((application) => (
            <ApplicationCard key={application.role} application={application} onChange={replace} />
          ))}
          <PairSection />
          <MyCertificates />
          <RecommendClassmate />
          <YourData onErased={(message) => setView({ state: 'signed-out', message })} />
        </>
      ) : null}
    </NarrowPage>
  );
}
