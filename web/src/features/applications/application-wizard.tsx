/**
 * The step machinery both application wizards share: one Formik form across the steps (Back
 * keeps everything), a forward check per step with the spec's toasts plus every invalid field
 * marked inline, focus management, the per-tab draft, and submission with a pending guard. One shell for both
 * kinds: it is given an Application (applications.ts).
 *
 * Longer than 300 lines on purpose: the order in which a forward click validates, toasts, marks,
 * focuses and saves is the spec's, and reads best in one place; what differs between the
 * student's and the mentor's wizard is in applications.ts, the frame in wizard-parts.tsx.
 */
import { Button, HStack, Spacer } from '@chakra-ui/react';
import { HONEYPOT_FIELD, TOASTS, type FieldErrors } from '@mentorship/domain';
import { rememberSignInEmail } from '../../lib/sign-in-email';
import { Formik, useFormikContext, type FormikErrors, type FormikTouched } from 'formik';
import { useEffect, useRef, useState, type FormEvent, type ReactNode } from 'react';
import { clearStaticValues, staticValues } from '../../lib/takeover';
import { focusField, FormFields } from '../../components/form';
import { dismissToasts, showToast } from '../../components/ui/toaster';
import { ApiRequestError } from '../../lib/api-client';
import { submitApplication } from './applications-api';
import { HoneypotField } from './honeypot-field';
import type { Application, WizardStep } from './applications';
import {
  firstFailedCheck,
  firstMissing,
  missingToContinue,
  type CheckFailure,
} from './wizard-checks';
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

export interface ApplicationWizardProps {
  application: Application;
  success: ReactNode;
}

/** "Continue" on step 1 with a required field left empty: the spec's toast names it. */
const forwardCheck = (
  app: Application,
  step: number,
  errors: FieldErrors,
  values: FormValues,
): CheckFailure | undefined =>
  step === 0
    ? missingToContinue(app.step1Required, stepAt(app.steps, 0).fields, errors, values)
    : undefined;

/** The final checks: (for the student) a step-1 field found empty again, then the spec's list. */
const finalCheck = (
  app: Application,
  errors: FieldErrors,
  values: FormValues,
): CheckFailure | undefined => {
  const missing = app.fillIn && firstMissing(app.step1Required, errors, values);
  if (app.fillIn && missing) {
    return {
      toast: { title: TOASTS.requiredFieldMissing, description: app.fillIn(missing.label) },
      field: missing.field,
    };
  }
  return firstFailedCheck(app.finalChecks, errors);
};

/** Choices (chip groups, checkboxes) get more room between them than text fields. */
const gapOf = (step: WizardStep): string =>
  step.specs.some((spec) => spec.control === 'choices' || spec.control === 'checkbox') ? '2' : '1';

const stepAt = (steps: readonly WizardStep[], index: number): WizardStep => {
  const found = steps[index];
  if (!found) throw new Error(`The wizard has no step ${index + 1}.`);
  return found;
};

export function ApplicationWizard({ application: app, success }: ApplicationWizardProps) {
  const [draft] = useState(() => {
    const saved = loadDraft(app.draftKey, app.initialValues, app.steps.length);
    // What was typed into the prerendered step 1 before the app took over wins over the draft,
    // and the wizard shows step 1, where it was typed.
    const typed = staticValues(Object.keys(app.initialValues));
    return Object.keys(typed).length === 0
      ? saved
      : { step: 0, values: { ...saved.values, ...typed } as FormValues };
  });
  const [step, setStep] = useState(draft.step);
  useEffect(clearStaticValues, []);
  const [submitted, setSubmitted] = useState(false);
  const serverErrors = useRef<ServerErrors>({});

  useEffect(() => {
    if (submitted) clearDraft(app.draftKey);
  }, [submitted, app.draftKey]);

  if (submitted) {
    return (
      <WizardPage title={app.title} intro={app.intro}>
        {success}
      </WizardPage>
    );
  }

  const current = stepAt(app.steps, step);
  return (
    <WizardPage title={app.title} intro={app.intro}>
      <StepIndicator steps={app.steps.map((item) => item.label)} current={step} />
      <Formik<FormValues>
        initialValues={draft.values}
        validate={async (values) =>
          withServerErrors(
            await validateWith(current.schema, app.toPayload(values)),
            serverErrors.current,
            values,
          ) as FormikErrors<FormValues>
        }
        onSubmit={() => undefined}
      >
        <WizardForm
          app={app}
          step={step}
          setStep={setStep}
          serverErrors={serverErrors}
          onSubmitted={() => setSubmitted(true)}
        />
      </Formik>
    </WizardPage>
  );
}

interface WizardFormProps {
  app: Application;
  step: number;
  setStep: (step: number) => void;
  serverErrors: { current: ServerErrors };
  onSubmitted: () => void;
}

function WizardForm({ app, step, setStep, serverErrors, onSubmitted }: WizardFormProps) {
  const formik = useFormikContext<FormValues>();
  const { values } = formik;
  const headingRef = useRef<HTMLHeadingElement>(null);
  const focusAfterStepChange = useRef<string | null>(null);
  const firstRender = useRef(true);
  const busy = useRef(false);
  const honeypot = useRef<HTMLInputElement>(null);
  const [pending, setPending] = useState(false);
  const current = stepAt(app.steps, step);
  const isLast = step === app.steps.length - 1;

  // The draft follows every change, including the step.
  useEffect(() => {
    saveDraft(app.draftKey, { step, values });
  }, [app.draftKey, step, values]);

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
      app.steps.findIndex((item) => item.fields.includes(field)),
    );

  const touchAll = (fields: readonly string[]) =>
    Object.fromEntries(fields.map((name) => [name, true])) as FormikTouched<FormValues>;

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
    await formik.setTouched(markFields ? touchAll(stepAt(app.steps, target).fields) : {}, false);
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
      await validateWith(current.schema, app.toPayload(values)),
      serverErrors.current,
      values,
    );
    if (Object.keys(errors).length === 0) {
      await goTo(step + 1, false);
      return;
    }
    formik.setErrors(errors as FormikErrors<FormValues>);
    const failure = forwardCheck(app, step, errors, values) ?? {
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
      await validateWith(app.schema, app.toPayload(values)),
      serverErrors.current,
      values,
    );
    if (Object.keys(all).length > 0) {
      const checked = finalCheck(app, all, values) ?? {
        field:
          app.steps.flatMap((item) => item.fields).find((name) => all[name]) ??
          Object.keys(all)[0] ??
          '',
      };
      // The toast is the spec's first failed check; focus follows the page: the first invalid
      // field, in form order, of the step that check is on (every invalid one is marked inline).
      const onStep = stepAt(app.steps, stepOf(checked.field)).fields;
      const failure = { ...checked, field: onStep.find((name) => all[name]) ?? checked.field };
      const target = stepOf(failure.field);
      if (target === step) formik.setErrors(all as FormikErrors<FormValues>);
      await showFailure(failure);
      return;
    }
    const body = app.schema.cast(app.toPayload(values), {
      stripUnknown: true,
    }) as Record<string, unknown>;
    body[HONEYPOT_FIELD] = honeypot.current?.value ?? '';
    try {
      await submitApplication(app.submitPath, body);
    } catch (error) {
      if (
        error instanceof ApiRequestError &&
        error.status === 400 &&
        Object.keys(error.fields).length > 0
      ) {
        markServerErrors(error.fields);
        const order = app.steps.flatMap((item) => item.fields);
        const field =
          order.find((name) => error.fields[name]) ?? Object.keys(error.fields)[0] ?? '';
        await showFailure({ toast: app.failureToast, field });
        const target = stepOf(field);
        if (target === step) void formik.validateForm();
        return;
      }
      if (
        error instanceof ApiRequestError &&
        (error.code === 'failed-precondition' || error.code === 'rate-limited')
      ) {
        // Outside every application window, the server's message names the next opening; past a
        // limit, when to try again. The form keeps what was typed.
        showToast({ title: app.failureToast.title, description: error.serverMessage }, 'error');
        return;
      }
      showToast(app.failureToast, 'error');
      return;
    }
    showToast(TOASTS.applicationSuccessful, 'success');
    rememberSignInEmail(String(values[app.emailField] ?? ''));
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
          total={app.steps.length}
          title={current.title}
        />
        <FormFields fields={current.specs} gap={gapOf(current)} />
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
