/**
 * The mentor application: two steps of nineteen fields (labels and order from the domain's
 * application-fields.ts), the spec's final checks in their order, and the success screen. Just
 * over 300 lines because the fields are declared where they render; the machinery is in
 * application-wizard.tsx.
 */
import { HStack, List, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import {
  apiPaths,
  AVAILABILITY,
  DISCIPLINES,
  MENTOR_CAPACITY,
  MENTOR_FINAL_CHECKS,
  MENTOR_LABELS,
  MENTOR_SECTIONS,
  MENTOR_STEP1_REQUIRED,
  mentorApplicationSchema,
  mentorStep1Schema,
  mentorStep2Schema,
  MENTORING_TOPICS,
  TOASTS,
  YEARS_EXPERIENCE,
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
import { firstFailedCheck, missingToContinue } from './wizard-checks';
import { ConfirmLinkSent } from './confirm-link-sent';
import { StepCard, SuccessHeading } from './wizard-parts';

/** What the mentor form holds; `skills` is typed as one comma-separated line. */
export interface MentorApplicationValues {
  [name: string]: string | number | boolean | string[] | null;
  linkedinUrl: string;
  fullName: string;
  email: string;
  phoneNumber: string;
  currentJobTitle: string;
  company: string;
  yearsExperience: number | string;
  education: string;
  skills: string;
  location: string;
  timeZone: string;
  profileSummary: string;
  preferredDisciplines: string[];
  mentoringTopics: string[];
  availability: string[];
  capacity: number | string;
  motivation: string;
  agreedToCommitment: boolean;
  consentToContact: boolean;
}

export const MENTOR_DRAFT_KEY = WIZARD_DRAFT_KEYS[paths.registerMentor] as string;

const initialValues: MentorApplicationValues = {
  linkedinUrl: '',
  fullName: '',
  email: '',
  phoneNumber: '',
  currentJobTitle: '',
  company: '',
  yearsExperience: '',
  education: '',
  skills: '',
  location: '',
  timeZone: '',
  profileSummary: '',
  preferredDisciplines: [],
  mentoringTopics: [],
  availability: [],
  capacity: MENTOR_CAPACITY.default,
  motivation: '',
  agreedToCommitment: false,
  consentToContact: false,
};

/** "a, b ,, c" -> ['a', 'b', 'c'] */
const splitSkills = (text: string): string[] =>
  text
    .split(',')
    .map((item) => item.trim())
    .filter(Boolean);

const toPayload = (values: MentorApplicationValues): Record<string, unknown> => ({
  ...values,
  skills: splitSkills(values.skills),
});

const capacityOptions = Array.from(
  { length: MENTOR_CAPACITY.max - MENTOR_CAPACITY.min + 1 },
  (_, index) => {
    const count = MENTOR_CAPACITY.min + index;
    return { value: String(count), label: count === 1 ? '1 student' : `${count} students` };
  },
);

const steps: readonly WizardStep[] = [
  {
    label: 'Professional Information',
    title: MENTOR_SECTIONS[0].title,
    fields: MENTOR_SECTIONS[0].fields,
    schema: mentorStep1Schema,
    nextLabel: 'Continue to Preferences',
    render: () => (
      <Stack gap="1">
        <TextField
          name="linkedinUrl"
          label={MENTOR_LABELS.linkedinUrl}
          type="url"
          autoComplete="url"
          placeholder="https://www.linkedin.com/in/your-name"
          helperText="Optional."
        />
        <SimpleGrid columns={{ base: 1, md: 2 }} columnGap="4">
          <TextField name="fullName" label={MENTOR_LABELS.fullName} required autoComplete="name" />
          <TextField
            name="email"
            label={MENTOR_LABELS.email}
            type="email"
            required
            autoComplete="email"
          />
          <TextField
            name="phoneNumber"
            label={MENTOR_LABELS.phoneNumber}
            type="tel"
            required
            autoComplete="tel"
          />
          <TextField
            name="currentJobTitle"
            label={MENTOR_LABELS.currentJobTitle}
            required
            autoComplete="organization-title"
          />
          <TextField
            name="company"
            label={MENTOR_LABELS.company}
            required
            autoComplete="organization"
          />
          <TextField
            name="yearsExperience"
            label={MENTOR_LABELS.yearsExperience}
            type="number"
            required
            min={YEARS_EXPERIENCE.min}
            max={YEARS_EXPERIENCE.max}
            step={1}
            inputMode="numeric"
          />
          <TextField
            name="location"
            label={MENTOR_LABELS.location}
            required
            placeholder="City, Country"
          />
          <TextField
            name="timeZone"
            label={MENTOR_LABELS.timeZone}
            placeholder="e.g. Eastern Time (UTC-5)"
          />
        </SimpleGrid>
        <TextField
          name="education"
          label={MENTOR_LABELS.education}
          placeholder="Degree, institution"
        />
        <TextField
          name="skills"
          label={MENTOR_LABELS.skills}
          helperText="Separate skills with commas, e.g. Python, Product strategy."
        />
        <TextareaField
          name="profileSummary"
          label={MENTOR_LABELS.profileSummary}
          helperText="Optional. A few sentences about your career."
        />
      </Stack>
    ),
  },
  {
    label: 'Mentorship Preferences',
    title: MENTOR_SECTIONS[1].title,
    fields: MENTOR_SECTIONS[1].fields,
    schema: mentorStep2Schema,
    nextLabel: 'Complete Registration',
    backLabel: 'Back to Profile',
    render: () => (
      <Stack gap="2">
        <ToggleGroupField
          name="preferredDisciplines"
          label={MENTOR_LABELS.preferredDisciplines}
          helperText="Choose every field of study you would like to mentor."
          options={DISCIPLINES}
          required
        />
        <ToggleGroupField
          name="mentoringTopics"
          label={MENTOR_LABELS.mentoringTopics}
          helperText="Choose the topics you can help with."
          options={MENTORING_TOPICS}
          required
        />
        <ToggleGroupField
          name="availability"
          label={MENTOR_LABELS.availability}
          helperText="When can you meet for a monthly 1-hour virtual session?"
          options={AVAILABILITY}
          required
        />
        <SelectField
          name="capacity"
          label={MENTOR_LABELS.capacity}
          helperText="Optional. Most mentors take one student per cohort."
          options={capacityOptions}
        />
        <TextareaField name="motivation" label={MENTOR_LABELS.motivation} helperText="Optional." />
        <CheckboxField
          name="agreedToCommitment"
          label={MENTOR_LABELS.agreedToCommitment}
          required
        />
        <CheckboxField name="consentToContact" label={MENTOR_LABELS.consentToContact} required />
      </Stack>
    ),
  },
];

const step1Fields = steps[0]?.fields ?? [];

const forwardCheck = (_step: number, errors: FieldErrors, values: MentorApplicationValues) =>
  missingToContinue(MENTOR_STEP1_REQUIRED, step1Fields, errors, values);

const finalCheck = (errors: FieldErrors) => firstFailedCheck(MENTOR_FINAL_CHECKS, errors);

function MentorSuccess() {
  return (
    <StepCard>
      <SuccessHeading>Thank you for applying to mentor!</SuccessHeading>
      <Text>
        Your registration has been received. Our team will contact you within 3-5 business days.
      </Text>
      <ConfirmLinkSent />
      <Text as="h3" fontSize="lg" fontWeight="semibold">
        What happens next
      </Text>
      <List.Root as="ol" ps="5" gap="2">
        <List.Item>
          <strong>Application review:</strong> a coordinator reviews your profile.
        </List.Item>
        <List.Item>
          <strong>Screening interview:</strong> a short 15-20 minute conversation with our team.
        </List.Item>
        <List.Item>
          <strong>Orientation:</strong> how the program works and what to expect from sessions.
        </List.Item>
        <List.Item>
          <strong>Matching:</strong> we pair you with a student whose goals fit your experience.
        </List.Item>
      </List.Root>
      <HStack>
        <RouterButton colorPalette="blue" bg="blue.700" _hover={{ bg: 'blue.800' }} to={paths.home}>
          Return to Home
        </RouterButton>
      </HStack>
    </StepCard>
  );
}

export default function MentorWizardPage() {
  return (
    <>
      <PageMeta
        title="Become a Mentor"
        description="Apply to mentor a university student for one 4-month cohort: one 1-hour virtual session a month."
      />
      <ApplicationWizard<MentorApplicationValues>
        title="Become a Mentor"
        intro="Share your experience with a university student for one 4-month cohort: one 1-hour virtual session a month. Fields marked * are required."
        draftKey={MENTOR_DRAFT_KEY}
        initialValues={initialValues}
        steps={steps}
        toPayload={toPayload}
        applicationSchema={mentorApplicationSchema}
        forwardCheck={forwardCheck}
        finalCheck={finalCheck}
        submitPath={apiPaths.mentorRegistration}
        failureToast={TOASTS.mentorRegistrationFailed}
        emailField="email"
        success={<MentorSuccess />}
      />
    </>
  );
}
