import { HStack, Stack, Text } from '@chakra-ui/react';
import {
  apiPaths,
  DISCIPLINES,
  MENTORING_TOPICS,
  STUDENT_FINAL_CHECKS,
  STUDENT_LABELS,
  STUDENT_SECTIONS,
  STUDENT_STEP1_REQUIRED,
  studentApplicationSchema,
  studentFillIn,
  studentStep1Schema,
  studentStep2Schema,
  studentStep3Schema,
  TOASTS,
  YEARS_OF_STUDY,
  type FieldErrors,
} from '@mentorship/domain';
import { RouterButton } from '../../components/ui/router-button';
import {
  CheckboxField,
  SelectField,
  TextareaField,
  TextField,
  ToggleGroupField,
} from '../../components/form';
import { PageMeta } from '../../components/layout/page-meta';
import { paths } from '../../config/paths';
import { WIZARD_DRAFT_KEYS } from '../../config/wizards';
import { ApplicationWizard, type WizardStep } from './application-wizard';
import {
  firstFailedCheck,
  firstMissing,
  missingToContinue,
  type CheckFailure,
} from './wizard-checks';
import { ConfirmLinkSent } from './confirm-link-sent';
import { StepCard, SuccessHeading } from './wizard-parts';

export interface StudentApplicationValues {
  [name: string]: string | number | boolean | string[] | null;
  fullName: string;
  emailAddress: string;
  linkedinUrl: string;
  phoneNumber: string;
  universityName: string;
  academicProgram: string;
  yearOfStudy: string;
  nominatedBy: string;
  professorEmail: string;
  careerInterests: string;
  preferredDisciplines: string[];
  mentoringTopics: string[];
  mentorshipGoals: string;
  agreedToCommitment: boolean;
  consentToContact: boolean;
}

export const STUDENT_DRAFT_KEY = WIZARD_DRAFT_KEYS[paths.registerStudent] as string;

const initialValues: StudentApplicationValues = {
  fullName: '',
  emailAddress: '',
  linkedinUrl: '',
  phoneNumber: '',
  universityName: '',
  academicProgram: '',
  yearOfStudy: '',
  nominatedBy: '',
  professorEmail: '',
  careerInterests: '',
  preferredDisciplines: [],
  mentoringTopics: [],
  mentorshipGoals: '',
  agreedToCommitment: false,
  consentToContact: false,
};

const toPayload = (values: StudentApplicationValues): Record<string, unknown> => ({ ...values });

const steps: readonly WizardStep[] = [
  {
    label: 'Personal Information',
    title: STUDENT_SECTIONS[0].title,
    fields: STUDENT_SECTIONS[0].fields,
    schema: studentStep1Schema,
    nextLabel: 'Continue to Nomination',
    render: () => (
      <Stack gap="1">
        <TextField name="fullName" label={STUDENT_LABELS.fullName} required autoComplete="name" />
        <TextField
          name="emailAddress"
          label={STUDENT_LABELS.emailAddress}
          type="email"
          required
          autoComplete="email"
        />
        <TextField
          name="linkedinUrl"
          label={STUDENT_LABELS.linkedinUrl}
          type="url"
          required
          autoComplete="url"
          placeholder="https://www.linkedin.com/in/your-name"
        />
        <TextField
          name="phoneNumber"
          label={STUDENT_LABELS.phoneNumber}
          type="tel"
          required
          autoComplete="tel"
        />
        <TextField
          name="universityName"
          label={STUDENT_LABELS.universityName}
          required
          autoComplete="organization"
        />
        <TextField
          name="academicProgram"
          label={STUDENT_LABELS.academicProgram}
          required
          placeholder="e.g. BSc Computer Science"
        />
        <SelectField
          name="yearOfStudy"
          label={STUDENT_LABELS.yearOfStudy}
          required
          placeholder="Select your year of study"
          options={YEARS_OF_STUDY}
        />
      </Stack>
    ),
  },
  {
    label: 'Nomination & Academics',
    title: STUDENT_SECTIONS[1].title,
    fields: STUDENT_SECTIONS[1].fields,
    schema: studentStep2Schema,
    nextLabel: 'Continue to Preferences',
    backLabel: 'Back to Personal Information',
    render: () => (
      <Stack gap="1">
        <TextField
          name="nominatedBy"
          label={STUDENT_LABELS.nominatedBy}
          helperText="Optional. The faculty member, advisor or peer who nominated you."
        />
        <TextField
          name="professorEmail"
          label={STUDENT_LABELS.professorEmail}
          type="email"
          helperText="Optional. A professor who can speak to your goals."
        />
        <TextareaField
          name="careerInterests"
          label={STUDENT_LABELS.careerInterests}
          helperText="Optional. The fields and roles you are drawn to."
        />
      </Stack>
    ),
  },
  {
    label: 'Preferences & Consent',
    title: STUDENT_SECTIONS[2].title,
    fields: STUDENT_SECTIONS[2].fields,
    schema: studentStep3Schema,
    nextLabel: 'Submit Application',
    backLabel: 'Back to Nomination',
    render: () => (
      <Stack gap="2">
        <ToggleGroupField
          name="preferredDisciplines"
          label={STUDENT_LABELS.preferredDisciplines}
          helperText="Optional. Choose the fields you would like your mentor to come from."
          options={DISCIPLINES}
        />
        <ToggleGroupField
          name="mentoringTopics"
          label={STUDENT_LABELS.mentoringTopics}
          helperText="Optional. Choose what you would like help with."
          options={MENTORING_TOPICS}
        />
        <TextareaField
          name="mentorshipGoals"
          label={STUDENT_LABELS.mentorshipGoals}
          helperText="Optional. What would make these 4 months a success for you?"
        />
        <CheckboxField
          name="agreedToCommitment"
          label={STUDENT_LABELS.agreedToCommitment}
          required
        />
        <CheckboxField name="consentToContact" label={STUDENT_LABELS.consentToContact} required />
      </Stack>
    ),
  },
];

const step1Fields = steps[0]?.fields ?? [];

const forwardCheck = (step: number, errors: FieldErrors, values: StudentApplicationValues) =>
  step === 0 ? missingToContinue(STUDENT_STEP1_REQUIRED, step1Fields, errors, values) : undefined;

/** A step-1 field found empty again ('Please fill in ...'), then agreement and consent. */
const finalCheck = (
  errors: FieldErrors,
  values: StudentApplicationValues,
): CheckFailure | undefined => {
  const missing = firstMissing(STUDENT_STEP1_REQUIRED, errors, values);
  if (missing) {
    return {
      toast: { title: TOASTS.requiredFieldMissing, description: studentFillIn(missing.label) },
      field: missing.field,
    };
  }
  return firstFailedCheck(STUDENT_FINAL_CHECKS, errors);
};

function StudentSuccess() {
  return (
    <StepCard>
      <SuccessHeading>Application submitted!</SuccessHeading>
      <Text>
        Thank you for applying to the mentorship program. Our coordinators will review your
        application and contact you by e-mail. Matching with a mentor takes about 2 weeks.
      </Text>
      <ConfirmLinkSent />
      <HStack gap="3" wrap="wrap">
        <RouterButton colorPalette="blue" bg="blue.700" _hover={{ bg: 'blue.800' }} to={paths.home}>
          Return to Home
        </RouterButton>
        <RouterButton variant="outline" to={paths.faq}>
          View FAQ
        </RouterButton>
      </HStack>
    </StepCard>
  );
}

export default function StudentWizardPage() {
  return (
    <>
      <PageMeta
        title="Apply as a Student"
        description="Apply for a free 4-month, one-to-one mentorship with an experienced professional."
      />
      <ApplicationWizard<StudentApplicationValues>
        title="Apply as a Student"
        intro="Apply for a 4-month, one-to-one mentorship with an experienced professional. It is free. Fields marked * are required."
        draftKey={STUDENT_DRAFT_KEY}
        initialValues={initialValues}
        steps={steps}
        toPayload={toPayload}
        applicationSchema={studentApplicationSchema}
        forwardCheck={forwardCheck}
        finalCheck={finalCheck}
        submitPath={apiPaths.studentRegistration}
        failureToast={TOASTS.studentRegistrationFailed}
        emailField="emailAddress"
        success={<StudentSuccess />}
      />
    </>
  );
}
