/**
 * The second step of a coordinator's sign-in, after the password: their passkey. An account
 * without one creates it here, with its enrolment code: carried from the invitation's accept
 * page, or typed from what the coordinator who reset their passkeys handed over (the password
 * alone never enrols a passkey). The others answer with one of theirs. Until then the admin area
 * stays closed (the API and the rules refuse the session). The demo administrator of the local
 * site passes at once (see docs/security.md).
 */
import { Button, Link as ChakraLink, Field, Input, Spinner, Stack, Text } from '@chakra-ui/react';
import {
  enrolmentCodeOf,
  SESSION_MESSAGES,
  TOASTS,
  type PasskeyOptionsResponse,
} from '@mentorship/domain';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { describedBy, fieldErrorId, fieldHelperId } from '../../../components/form/field-ids';
import { showToast } from '../../../components/ui/toaster';
import { paths } from '../../../config/paths';
import { ApiRequestError, messageOf } from '../../../lib/api-client';
import { idToken } from '../../../lib/id-token';
import { getCurrentStats } from '../api/get-stats';
import { clearSignOutReason, reasonForRefusal, signOutWithReason } from '../session';
import { PageAlert, SignedOutCard } from '../team/signed-out-card';
import { authenticatorProblem, confirmSession, sessionOptions } from './passkey';

const TEXT = {
  register: {
    title: 'Add a passkey',
    intro:
      'Coordinators confirm every sign-in with a passkey: your phone, your computer or a security key holds it, and your screen lock or fingerprint unlocks it. Create one now for this device.',
    button: 'Create a passkey',
  },
  authenticate: {
    title: 'Confirm with your passkey',
    intro: 'Your password was right. Confirm that it is you with the passkey of this device.',
    button: 'Use my passkey',
  },
} as const;

/** The enrolment code the accept page carried here (in this page's history entry), if any. */
const carriedCodeOf = (state: unknown): string | undefined => {
  const code = (state as { enrolmentCode?: unknown } | null)?.enrolmentCode;
  return typeof code === 'string' ? code : undefined;
};

const CODE_FORMAT = 'Enter the ten letters of the code, like ABCDE-FGHJK.';
const CODE_ID = 'field-enrolmentCode';

const fromOf = (state: unknown): string => {
  const from = (state as { from?: unknown } | null)?.from;
  return typeof from === 'string' && from.startsWith('/admin/') ? from : paths.admin.dashboard;
};

export default function VerifyPage() {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const location = useLocation();
  const [options, setOptions] = useState<PasskeyOptionsResponse | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const asked = useRef(false);

  const finish = () => {
    clearSignOutReason();
    // The dashboard's data starts loading now, beside its code (dashboard/prefetch.ts): the
    // current cohort's counts at once, the cohorts and the newest rows once the Firestore SDK is
    // in (a dynamic import).
    const currentStats = idToken('').then(getCurrentStats);
    currentStats.catch(() => undefined);
    void import('../dashboard/prefetch')
      .then(({ prefetchDashboard }) => prefetchDashboard(queryClient, currentStats))
      .catch(() => undefined);
    showToast(TOASTS.loginSuccessful, 'success');
    navigate(fromOf(location.state), { replace: true });
  };

  const refused = async (error: unknown) => {
    if (error instanceof ApiRequestError && error.status === 401) {
      await signOutWithReason(reasonForRefusal(error.serverMessage));
      navigate(paths.admin.login, {
        replace: true,
        state: { reason: reasonForRefusal(error.serverMessage) },
      });
      return;
    }
    setProblem(authenticatorProblem(error) ?? messageOf(error));
  };

  useEffect(() => {
    if (asked.current) return;
    asked.current = true;
    sessionOptions()
      .then(async (answer) => {
        if (answer.mode === 'local-demo') {
          await confirmSession(answer);
          finish();
          return;
        }
        setOptions(answer);
      })
      .catch(refused);
    // Asked once per visit: a challenge is for one answer.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  const carriedCode = carriedCodeOf(location.state);
  // The enrolment code as typed, and what is wrong with it (the field's error line).
  const [code, setCode] = useState('');
  const [codeError, setCodeError] = useState<string | null>(null);
  const codeInput = useRef<HTMLInputElement>(null);
  const showCodeError = (message: string) => {
    setCodeError(message);
    codeInput.current?.focus();
  };
  const submitCode = () => {
    if (code.trim() === '') return showCodeError(SESSION_MESSAGES.enrolmentCodeNeeded);
    if (!enrolmentCodeOf(code)) return showCodeError(CODE_FORMAT);
    setCodeError(null);
    void confirm(code);
  };

  /** Answers the challenge; a refused enrolment code goes to its field when it has one. */
  const confirm = async (enrolmentCode?: string) => {
    if (!options) return;
    setBusy(true);
    setProblem(null);
    try {
      await confirmSession(options, enrolmentCode);
      finish();
    } catch (error) {
      const codeProblem = error instanceof ApiRequestError ? error.fields.enrolmentCode : undefined;
      if (codeProblem && enrolmentCode !== carriedCode) showCodeError(codeProblem);
      else if (codeProblem) setProblem(codeProblem);
      else await refused(error);
      // A challenge answers once: a new one for the next try.
      setOptions(await sessionOptions().catch(() => options));
    } finally {
      setBusy(false);
    }
  };

  const text = options && options.mode !== 'local-demo' ? TEXT[options.mode] : null;
  return (
    <SignedOutCard
      title={text?.title ?? 'Confirm your sign-in'}
      intro={text?.intro ?? 'One moment: checking how this account confirms its sign-in.'}
    >
      <Stack gap="4">
        <PageAlert>{problem}</PageAlert>
        {text && options?.mode === 'register' && !carriedCode ? (
          <form
            noValidate
            aria-label="Create a passkey"
            onSubmit={(event) => {
              event.preventDefault();
              submitCode();
            }}
          >
            <Stack gap="4">
              <Field.Root
                invalid={codeError !== null}
                required
                gap="1.5"
                role="none"
                ids={{
                  control: CODE_ID,
                  errorText: fieldErrorId(CODE_ID),
                  helperText: fieldHelperId(CODE_ID),
                }}
              >
                <Field.Label>
                  Enrolment code
                  <Field.RequiredIndicator />
                </Field.Label>
                <Input
                  ref={codeInput}
                  name="enrolmentCode"
                  autoComplete="one-time-code"
                  autoCapitalize="characters"
                  spellCheck={false}
                  value={code}
                  onChange={(event) => setCode(event.target.value)}
                  // The error too (Ark names it only in aria-errormessage, which screen readers
                  // announce unevenly), as every form field of the site does.
                  aria-describedby={describedBy(CODE_ID, true, codeError !== null)}
                />
                <Field.HelperText>
                  The coordinator who invited you, or who reset your passkeys, gives it to you in
                  person or by phone. It works once, for an hour.
                </Field.HelperText>
                <Field.ErrorText>{codeError}</Field.ErrorText>
              </Field.Root>
              <Button
                type="submit"
                colorPalette="blue"
                loading={busy}
                loadingText="Waiting for your passkey..."
                alignSelf="start"
              >
                {text.button}
              </Button>
            </Stack>
          </form>
        ) : text ? (
          <Button
            colorPalette="blue"
            onClick={() => void confirm(carriedCode)}
            loading={busy}
            loadingText="Waiting for your passkey..."
          >
            {text.button}
          </Button>
        ) : (
          <Stack direction="row" gap="3" align="center" role="status">
            <Spinner size="sm" aria-hidden="true" />
            <Text>Checking your account...</Text>
          </Stack>
        )}
        <Text fontSize="sm" color="fg.muted">
          Lost the device that holds your passkey? Another coordinator can reset your passkeys from
          the Team page; you then create a new one here.
        </Text>
        <ChakraLink asChild colorPalette="blue" alignSelf="start">
          <button
            type="button"
            onClick={() => {
              void signOutWithReason('logged-out').then(() =>
                navigate(paths.admin.login, { replace: true, state: { reason: 'logged-out' } }),
              );
            }}
          >
            Sign out
          </button>
        </ChakraLink>
      </Stack>
    </SignedOutCard>
  );
}
