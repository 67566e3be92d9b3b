import { Box, Button, HStack, Stack } from '@chakra-ui/react';
import { TOASTS, type ToastText } from '@mentorship/domain';
import { Form, Formik, useFormikContext, type FormikErrors, type FormikTouched } from 'formik';
import type { ReactNode } from 'react';
import { RouterButton } from '../../../components/ui/router-button';
import type { AnyObjectSchema } from 'yup';
import { focusField } from '../../../components/form';
import { showToast } from '../../../components/ui/toaster';
import { paths } from '../../../config/paths';
import { ApiRequestError } from '../../../lib/api-client';
import { showFailure } from '../api/error-toast';

interface AdminFormProps<V extends object> {
  initialValues: V;
  schema: AnyObjectSchema;
  /** Fields whose absence gets the spec's 'Missing Required Fields' toast. */
  requiredFields: readonly string[];
  /** Saves the cast, trimmed input; throws an ApiRequestError on failure. */
  save: (values: V) => Promise<void>;
  failureToast: ToastText;
  submitLabel: string;
  pendingLabel: string;
  children: ReactNode;
}

const touchAll = (values: object): FormikTouched<Record<string, unknown>> =>
  Object.fromEntries(Object.keys(values).map((key) => [key, true]));

function FormBody<V extends object>({
  requiredFields,
  submitLabel,
  pendingLabel,
  children,
}: Pick<AdminFormProps<V>, 'requiredFields' | 'submitLabel' | 'pendingLabel' | 'children'>) {
  const formik = useFormikContext<V>();

  // Validate first ourselves so a failed check gets the spec's toast and focus moves to the
  // first marked field; nothing is sent.
  const submit = async (event: React.FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const errors = await formik.validateForm();
    const invalid = Object.keys(errors);
    if (invalid.length > 0) {
      await formik.setTouched(touchAll(formik.values) as FormikTouched<V>, false);
      const missingRequired = requiredFields.some((name) => name in errors);
      showToast(
        missingRequired
          ? TOASTS.missingRequiredFields
          : {
              title: 'Check the form',
              description: 'Some fields need attention; they are marked.',
            },
        'error',
      );
      const first = invalid[0];
      if (first) focusField(first);
      return;
    }
    await formik.submitForm();
  };

  return (
    <Form noValidate onSubmit={(event) => void submit(event)}>
      <Stack gap="6">
        {children}
        <FormButtons>
          <Button
            type="submit"
            colorPalette="blue"
            loading={formik.isSubmitting}
            loadingText={pendingLabel}
          >
            {submitLabel}
          </Button>
        </FormButtons>
      </Stack>
    </Form>
  );
}

/**
 * Formik around the shared yup schema: inline errors from the schema, then from the server's 400
 * `fields`; the spec's failure toast otherwise. The caller navigates away on success.
 */
export function AdminForm<V extends object>({
  initialValues,
  schema,
  requiredFields,
  save,
  failureToast,
  submitLabel,
  pendingLabel,
  children,
}: AdminFormProps<V>) {
  return (
    <Formik<V>
      initialValues={initialValues}
      validationSchema={schema}
      onSubmit={async (values, helpers) => {
        try {
          await save(values);
        } catch (error) {
          showFailure(failureToast, error);
          if (error instanceof ApiRequestError && Object.keys(error.fields).length > 0) {
            helpers.setErrors(error.fields as FormikErrors<V>);
            const first = Object.keys(error.fields)[0];
            if (first) focusField(first);
          }
        }
      }}
    >
      <FormBody<V>
        requiredFields={requiredFields}
        submitLabel={submitLabel}
        pendingLabel={pendingLabel}
      >
        {children}
      </FormBody>
    </Formik>
  );
}

/** A form's buttons at its end: Cancel (back to the dashboard), then the form's own. */
export function FormButtons({ children }: { children: ReactNode }) {
  return (
    <HStack justify="flex-end" gap="3">
      <RouterButton variant="outline" to={paths.admin.dashboard}>
        Cancel
      </RouterButton>
      {children}
    </HStack>
  );
}

export function BackToDashboard() {
  return (
    <Box>
      <RouterButton variant="ghost" size="sm" to={paths.admin.dashboard}>
        ← Back to Dashboard
      </RouterButton>
    </Box>
  );
}
