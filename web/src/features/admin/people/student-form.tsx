import { CohortField } from '../../../components/cohorts/cohort-picker';
import { SimpleGrid } from '@chakra-ui/react';
import {
  DISCIPLINES,
  MENTORING_TOPICS,
  studentRecordSchema,
  YEARS_OF_STUDY,
  type StudentInput,
  type StudentRecord,
} from '@mentorship/domain';
import {
  CheckboxField,
  SelectField,
  TextareaField,
  TextField,
  ToggleGroupField,
} from '../../../components/form';
import { AdminForm, FormSection } from './admin-form';

/** What the form holds: the record's fields, with '' for empty text while editing. */
export type StudentFormValues = {
  [K in keyof StudentInput]: StudentInput[K] extends string | null ? string : StudentInput[K];
};

export const emptyStudent: StudentFormValues = {
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
  isActive: true,
  cohortId: '',
};

export const studentToForm = (record: StudentRecord): StudentFormValues => ({
  fullName: record.fullName,
  emailAddress: record.emailAddress,
  linkedinUrl: record.linkedinUrl ?? '',
  phoneNumber: record.phoneNumber ?? '',
  universityName: record.universityName ?? '',
  academicProgram: record.academicProgram ?? '',
  yearOfStudy: record.yearOfStudy ?? '',
  nominatedBy: record.nominatedBy ?? '',
  professorEmail: record.professorEmail ?? '',
  careerInterests: record.careerInterests ?? '',
  preferredDisciplines: record.preferredDisciplines ?? [],
  mentoringTopics: record.mentoringTopics ?? [],
  mentorshipGoals: record.mentorshipGoals ?? '',
  agreedToCommitment: record.agreedToCommitment,
  consentToContact: record.consentToContact,
  isActive: record.isActive,
  cohortId: record.cohortId ?? '',
});

/** Trims, turns empty text and lists into null: exactly what the API's schema expects. */
export const formToStudent = (values: StudentFormValues): StudentInput =>
  studentRecordSchema.cast(values, { stripUnknown: true });

interface StudentFormProps {
  initialValues: StudentFormValues;
  submitLabel: string;
  pendingLabel: string;
  failureToast: { title: string; description?: string };
  save: (input: StudentInput) => Promise<void>;
}

export function StudentForm({ save, ...props }: StudentFormProps) {
  return (
    <AdminForm<StudentFormValues>
      {...props}
      schema={studentRecordSchema}
      requiredFields={['fullName', 'emailAddress']}
      save={(values) => save(formToStudent(values))}
    >
      <FormSection title="Basic Information">
        <SimpleGrid columns={{ base: 1, md: 2 }} columnGap="4">
          <TextField name="fullName" label="Full Name" required autoComplete="off" />
          <TextField name="emailAddress" label="Email Address" type="email" required />
          <TextField name="phoneNumber" label="Phone Number" type="tel" />
          <TextField
            name="linkedinUrl"
            label="LinkedIn URL"
            type="url"
            placeholder="https://www.linkedin.com/in/..."
          />
          <TextField name="universityName" label="University Name" />
          <TextField name="academicProgram" label="Academic Program" />
          <SelectField
            name="yearOfStudy"
            label="Year of Study"
            options={YEARS_OF_STUDY}
            placeholder="Select year of study"
          />
          <TextField name="nominatedBy" label="Nominated By" />
          <TextField name="professorEmail" label="Professor Email" type="email" />
        </SimpleGrid>
      </FormSection>
      <FormSection title="Academic Preferences">
        <ToggleGroupField
          name="preferredDisciplines"
          label="Preferred Disciplines"
          options={DISCIPLINES}
        />
        <ToggleGroupField
          name="mentoringTopics"
          label="Mentoring Topics"
          options={MENTORING_TOPICS}
        />
        <TextareaField name="careerInterests" label="Career Interests" rows={3} />
        <TextareaField name="mentorshipGoals" label="Mentorship Goals" rows={3} />
      </FormSection>
      <FormSection title="Consent & Status">
        <CheckboxField name="agreedToCommitment" label="Agrees to 4-month mentorship commitment" />
        <CheckboxField name="consentToContact" label="Consents to be contacted by the program" />
        <CheckboxField name="isActive" label="Set as active student" />
        <CohortField editing={Boolean(props.initialValues.cohortId)} />
      </FormSection>
    </AdminForm>
  );
}
