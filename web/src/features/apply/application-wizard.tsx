/**
 * The step machinery both application wizards share: one Formik form across the steps (Back
 * keeps everything), a forward check per step with the spec's toasts plus every invalid field
 * marked inline, focus management, the per-tab draft, and submission with a pending guard.
 *
 * Longer than 300 lines on purpose: the order in which a forward click validates, toasts, marks,
 * focuses and saves is the spec's, and reads best in one place; the step content lives in the
 * two wizard pages and wizard-parts.tsx.
 */
import { Button, HStack, Spacer } from '@chakra-ui/react';
import { HONEYPOT_FIELD, TOASTS, type FieldErrors, type ToastText } from '@mentorship/domain';
import { rememberSignInEmail } from '../../lib/sign-in-email';
import { Formik, useFormikContext, type FormikErrors, type FormikTouched } from 'formik';
import { useEffect, useRef, useState, type FormEvent, type ReactNode } from 'react';
import { clearStaticValues, staticValues } from '../../lib/takeover';
import type { AnyObjectSchema } from 'yup';
import { focusField } from '../../components/form';
import { dismissToasts, showToast } from '../../components/ui/toaster';
import { ApiRequestError, apiRequest } from '../../lib/api-client';
import { HoneypotField } from './honeypot-field';
import type { CheckFailure } from './wizard-checks';
import { StepCard, StepHeading, StepIndicator, WizardPage } from './wizard-parts';
import {
  clearDraft,
  loadDraft,
  saveDraft,
  validateWith,
  withServerErrors,
  type FormValue,
  type FormValues,
  type ServerErrors,
} from './wizard-state';

export interface WizardStep {
  /** Short name in the step indicator. */
  label: string;
  /** The step's heading. */
  title: string;
  /** Field names in form order (focus goes to the first invalid one). */
  fields: readonly string[];
  schema: AnyObjectSchema;
  /** Label of the forward button (the last step's is the submit button). */
  nextLabel: string;
  /** Label of the Back button (none on the first step). */
  backLabel?: string;
  render: () => ReactNode;
}

export interface ApplicationWizardProps<T extends FormValues> {
  title: string;
  intro: ReactNode;
  draftKey: string;
  initialValues: T;
  steps: readonly WizardStep[];
  /** The request body the schemas see (before cast). */
  toPayload: (values: T) => Record<string, unknown>;
  /** The whole application's schema: validates and casts (trim, empty -> null) the body. */
  applicationSchema: AnyObjectSchema;
  /** Which toast a failed forward check on `step` shows (errors are that step's). */
  forwardCheck: (step: number, errors: FieldErrors, values: T) => CheckFailure | undefined;
  /** Which toast a failed final check shows (errors are the whole application's). */
  finalCheck: (errors: FieldErrors, values: T) => CheckFailure | undefined;
  submitPath: string;
  failureToast: ToastText;
  /** The field holding the applicant's address: the browser remembers it for the sign-in link. */
  emailField: keyof T & string;
  success: ReactNode;
}

const stepAt = (steps: readonly WizardStep[], index: number): WizardStep => {
  const found = steps[index];
  if (!found) throw new Error(`The wizard has no step ${index + 1}.`);
  return found;
};

export function ApplicationWizard<T extends FormValues>(props: ApplicationWizardProps<T>) {
  const [draft] = useState(() => {
    const saved = loadDraft(props.draftKey, props.initialValues, props.steps.length);
    // What was typed into the prerendered step 1 before the app took over wins over the draft,
    // and the wizard shows step 1, where it was typed.
    const typed = staticValues(Object.keys(props.initialValues));
    return Object.keys(typed).length === 0
      ? saved
      : { step: 0, values: { ...saved.values, ...typed } as T };
  });
  const [step, setStep] = useState(draft.step);
  useEffect(clearStaticValues, []);
  const [submitted, setSubmitted] = useState(false);
  const serverErrors = useRef<ServerErrors>({});

  useEffect(() => {
    if (submitted) clearDraft(props.draftKey);
  }, [submitted, props.draftKey]);

  if (submitted) {
    return (
      <WizardPage title={props.title} intro={props.intro}>
        {props.success}
      </WizardPage>
    );
  }

  const current = stepAt(props.steps, step);
  return (
    <WizardPage title={props.title} intro={props.intro}>
      <StepIndicator steps={props.steps.map((item) => item.label)} current={step} />
      <Formik<T>
        initialValues={draft.values}
        validate={async (values) =>
          withServerErrors(
            await validateWith(current.schema, props.toPayload(values)),
            serverErrors.current,
            values,
          ) as FormikErrors<T>
        }
        onSubmit={() => undefined}
      >
        <WizardForm
          {...props}
          step={step}
          setStep={setStep}
          serverErrors={serverErrors}
          onSubmitted={() => setSubmitted(true)}
        />
      </Formik>
    </WizardPage>
  );
}

interface WizardFormProps<T extends FormValues> extends ApplicationWizardProps<T> {
  step: number;
  setStep: (step: number) => void;
  serverErrors: { current: ServerErrors };
  onSubmitted: () => void;
}

function WizardForm<T extends FormValues>({
  step,
  setStep,
  serverErrors,
  onSubmitted,
  ...props
}: WizardFormProps<T>) {
  const formik = useFormikContext<T>();
  const { values } = formik;
  const headingRef = useRef<HTMLHeadingElement>(null);
  const focusAfterStepChange = useRef<string | null>(null);
  const firstRender = useRef(true);
  const busy = useRef(false);
  const honeypot = useRef<HTMLInputElement>(null);
  const [pending, setPending] = useState(false);
  const current = stepAt(props.steps, step);
  const isLast = step === props.steps.length - 1;

  // The draft follows every change, including the step.
  useEffect(() => {
    saveDraft(props.draftKey, { step, values });
  }, [props.draftKey, step, values]);

  // A step change moves focus to the new step's heading (or to the field a check pointed at).
  useEffect(() => {
    if (firstRender.current) {
      firstRender.current = false;
      return;
    }
    const field = focusAfterStepChange.current;
    focusAfterStepChange.current = null;
    if (!field || !focusField(field)) headingRef.current?.focus();
  }, [step]);

  const stepOf = (field: string) =>
    Math.max(
      0,
      props.steps.findIndex((item) => item.fields.includes(field)),
    );

  const touchAll = (fields: readonly string[]) =>
    Object.fromEntries(fields.map((name) => [name, true])) as FormikTouched<T>;

  /** Shows a failed check: marks the step's fields, raises the toast, focuses the field. */
  const showFailure = async (failure: CheckFailure) => {
    if (failure.toast) showToast(failure.toast, 'error');
    const target = stepOf(failure.field);
    if (target !== step) {
      focusAfterStepChange.current = failure.field;
      await goTo(target, true);
      return;
    }
    await formik.setTouched({ ...formik.touched, ...touchAll(current.fields) }, true);
    window.setTimeout(() => focusField(failure.field), 0);
  };

  const goTo = async (target: number, markFields: boolean) => {
    // A step left by Continue or Back: an error toast about it is stale, and on a wide screen it
    // would sit over the next step's fields (WCAG 2.4.11) for the rest of its 5 seconds.
    if (!markFields) dismissToasts();
    // Errors of the step being left must not show on the next one.
    await formik.setTouched(markFields ? touchAll(stepAt(props.steps, target).fields) : {}, false);
    formik.setErrors({});
    setStep(target);
  };

  // After a change of step the new step's validation runs with its own schema.
  useEffect(() => {
    void formik.validateForm();
    // eslint-disable-next-line react-hooks/exhaustive-deps -- only when the step changes
  }, [step]);

  const forward = async () => {
    const errors = withServerErrors(
      await validateWith(current.schema, props.toPayload(values)),
      serverErrors.current,
      values,
    );
    if (Object.keys(errors).length === 0) {
      await goTo(step + 1, false);
      return;
    }
    formik.setErrors(errors as FormikErrors<T>);
    const failure = props.forwardCheck(step, errors, values) ?? {
      field: current.fields.find((name) => errors[name]) ?? Object.keys(errors)[0] ?? '',
    };
    await showFailure(failure);
  };

  const markServerErrors = (fields: Record<string, string>) => {
    const next: ServerErrors = {};
    for (const [name, message] of Object.entries(fields)) {
      next[name] = { message, value: (values[name] ?? null) as FormValue };
    }
    serverErrors.current = next;
  };

  const submit = async () => {
    const all = withServerErrors(
      await validateWith(props.applicationSchema, props.toPayload(values)),
      serverErrors.current,
      values,
    );
    if (Object.keys(all).length > 0) {
      const checked = props.finalCheck(all, values) ?? {
        field:
          props.steps.flatMap((item) => item.fields).find((name) => all[name]) ??
          Object.keys(all)[0] ??
          '',
      };
      // The toast is the spec's first failed check; focus follows the page: the first invalid
      // field, in form order, of the step that check is on (every invalid one is marked inline).
      const onStep = stepAt(props.steps, stepOf(checked.field)).fields;
      const failure = { ...checked, field: onStep.find((name) => all[name]) ?? checked.field };
      const target = stepOf(failure.field);
      if (target === step) formik.setErrors(all as FormikErrors<T>);
      await showFailure(failure);
      return;
    }
    const body = props.applicationSchema.cast(props.toPayload(values), {
      stripUnknown: true,
    }) as Record<string, unknown>;
    body[HONEYPOT_FIELD] = honeypot.current?.value ?? '';
    try {
      await apiRequest<{ id: string }>(props.submitPath, { method: 'POST', body });
    } catch (error) {
      if (
        error instanceof ApiRequestError &&
        error.status === 400 &&
        Object.keys(error.fields).length > 0
      ) {
        markServerErrors(error.fields);
        const order = props.steps.flatMap((item) => item.fields);
        const field =
          order.find((name) => error.fields[name]) ?? Object.keys(error.fields)[0] ?? '';
        await showFailure({ toast: props.failureToast, field });
        const target = stepOf(field);
        if (target === step) void formik.validateForm();
        return;
      }
      if (error instanceof ApiRequestError && error.code === 'failed-precondition') {
        // Outside every application window: the server's message names the next opening.
        showToast({ title: props.failureToast.title, description: error.serverMessage }, 'error');
        return;
      }
      showToast(props.failureToast, 'error');
      return;
    }
    showToast(TOASTS.registrationSuccessful, 'success');
    rememberSignInEmail(String(values[props.emailField] ?? ''));
    onSubmitted();
  };

  const onPrimary = async (event?: FormEvent) => {
    event?.preventDefault();
    // One action at a time: a second click (or Enter) while checking or sending is ignored.
    if (busy.current) return;
    busy.current = true;
    if (isLast) setPending(true);
    try {
      await (isLast ? submit() : forward());
    } finally {
      busy.current = false;
      setPending(false);
    }
  };

  return (
    <form
      noValidate
      onSubmit={(event) => void onPrimary(event)}
      aria-labelledby="wizard-step-title"
    >
      <HoneypotField inputRef={honeypot} />
      <StepCard>
        <StepHeading
          id="wizard-step-title"
          headingRef={headingRef}
          step={step}
          total={props.steps.length}
          title={current.title}
        />
        {current.render()}
        <HStack gap="3" pt="2" wrap="wrap">
          {current.backLabel ? (
            <Button
              type="button"
              variant="outline"
              onClick={() => void goTo(step - 1, false)}
              disabled={pending}
            >
              {current.backLabel}
            </Button>
          ) : null}
          <Spacer />
          <Button
            type="submit"
            colorPalette="blue"
            bg="blue.700"
            _hover={{ bg: 'blue.800' }}
            loading={pending}
            loadingText="Submitting..."
          >
            {current.nextLabel}
          </Button>
        </HStack>
      </StepCard>
    </form>
  );
}
