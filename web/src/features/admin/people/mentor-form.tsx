import { CohortField } from '../../../components/cohorts/cohort-picker';
import { SimpleGrid } from '@chakra-ui/react';
import {
  AVAILABILITY,
  DISCIPLINES,
  MENTOR_CAPACITY,
  MENTORING_TOPICS,
  mentorRecordSchema,
  YEARS_EXPERIENCE,
  type MentorInput,
  type MentorRecord,
} from '@mentorship/domain';
import {
  CheckboxField,
  SelectField,
  TextareaField,
  TextField,
  ToggleGroupField,
} from '../../../components/form';
import { AdminForm, FormSection } from './admin-form';

/** What the form holds: '' for empty text; numbers may be '' while the input is empty. */
export type MentorFormValues = {
  [K in keyof MentorInput]: MentorInput[K] extends string | null
    ? string
    : MentorInput[K] extends number
      ? number | string
      : MentorInput[K];
};

export const emptyMentor: MentorFormValues = {
  fullName: '',
  linkedinUrl: '',
  currentJobTitle: '',
  company: '',
  yearsExperience: 0,
  education: '',
  skills: [],
  location: '',
  timeZone: '',
  profileSummary: '',
  phoneNumber: '',
  email: '',
  preferredDisciplines: [],
  mentoringTopics: [],
  availability: [],
  motivation: '',
  capacity: MENTOR_CAPACITY.default,
  agreedToCommitment: false,
  consentToContact: false,
  isActive: true,
  cohortId: '',
};

export const mentorToForm = (record: MentorRecord): MentorFormValues => ({
  fullName: record.fullName,
  linkedinUrl: record.linkedinUrl ?? '',
  currentJobTitle: record.currentJobTitle ?? '',
  company: record.company ?? '',
  yearsExperience: record.yearsExperience,
  education: record.education ?? '',
  skills: record.skills ?? [],
  location: record.location ?? '',
  timeZone: record.timeZone ?? '',
  profileSummary: record.profileSummary ?? '',
  phoneNumber: record.phoneNumber ?? '',
  email: record.email ?? '',
  preferredDisciplines: record.preferredDisciplines ?? [],
  mentoringTopics: record.mentoringTopics ?? [],
  availability: record.availability ?? [],
  motivation: record.motivation ?? '',
  capacity: record.capacity ?? MENTOR_CAPACITY.default,
  agreedToCommitment: record.agreedToCommitment,
  consentToContact: record.consentToContact,
  isActive: record.isActive,
  cohortId: record.cohortId ?? '',
});

/** Trims and nulls empty text; an empty years-of-experience box counts as 0 (the spec). */
export const formToMentor = (values: MentorFormValues): MentorInput =>
  mentorRecordSchema.cast(
    { ...values, yearsExperience: values.yearsExperience === '' ? 0 : values.yearsExperience },
    { stripUnknown: true },
  );

const capacityOptions = Array.from(
  { length: MENTOR_CAPACITY.max - MENTOR_CAPACITY.min + 1 },
  (_, i) => {
    const n = MENTOR_CAPACITY.min + i;
    return { value: String(n), label: `${n} ${n === 1 ? 'student' : 'students'}` };
  },
);

interface MentorFormProps {
  initialValues: MentorFormValues;
  submitLabel: string;
  pendingLabel: string;
  failureToast: { title: string; description?: string };
  save: (input: MentorInput) => Promise<void>;
}

export function MentorForm({ save, ...props }: MentorFormProps) {
  return (
    <AdminForm<MentorFormValues>
      {...props}
      schema={mentorRecordSchema}
      requiredFields={['fullName']}
      save={(values) => save(formToMentor(values))}
    >
      <FormSection title="Professional Information">
        <SimpleGrid columns={{ base: 1, md: 2 }} columnGap="4">
          <TextField
            name="linkedinUrl"
            label="LinkedIn URL (optional)"
            type="url"
            placeholder="https://www.linkedin.com/in/..."
          />
          <TextField name="fullName" label="Full Name" required autoComplete="off" />
          <TextField name="email" label="Email Address" type="email" />
          <TextField name="phoneNumber" label="Phone Number" type="tel" />
          <TextField name="currentJobTitle" label="Current Job Title" />
          <TextField name="company" label="Company" />
          <TextField
            name="yearsExperience"
            label="Years of Experience"
            type="number"
            inputMode="numeric"
            min={YEARS_EXPERIENCE.min}
            max={YEARS_EXPERIENCE.max}
            step={1}
          />
          <TextField name="location" label="Location" />
          <TextField name="timeZone" label="Time Zone" />
          <TextField name="education" label="Education" />
        </SimpleGrid>
        <TextareaField name="profileSummary" label="Profile Summary" rows={4} />
      </FormSection>
      <FormSection title="Mentorship Preferences">
        <ToggleGroupField
          name="preferredDisciplines"
          label="Preferred Student Disciplines"
          options={DISCIPLINES}
        />
        <ToggleGroupField
          name="mentoringTopics"
          label="Mentoring Topics"
          options={MENTORING_TOPICS}
        />
        <ToggleGroupField name="availability" label="Availability" options={AVAILABILITY} />
        <SelectField
          name="capacity"
          label="Capacity"
          helperText="How many students this mentor takes at once."
          options={capacityOptions}
        />
        <TextareaField name="motivation" label="Why do you want to be a mentor?" rows={3} />
      </FormSection>
      <FormSection title="Consent & Status">
        <CheckboxField name="agreedToCommitment" label="Agrees to 4-month mentorship commitment" />
        <CheckboxField name="consentToContact" label="Consents to be contacted by the program" />
        <CheckboxField name="isActive" label="Set as active mentor" />
        <CohortField editing={Boolean(props.initialValues.cohortId)} />
      </FormSection>
    </AdminForm>
  );
}
