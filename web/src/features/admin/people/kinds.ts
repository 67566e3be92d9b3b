/**
 * What differs between a student and a mentor in the coordinator's Create and Edit pages, stated
 * once for each (like functions/src/people/kinds.ts on the server): the name, the form's fields
 * in sections, its blank values and schema, the requests and the spec's toasts.
 * person-form-page.tsx and admin-form.tsx are written once for both.
 */
import {
  AVAILABILITY,
  DISCIPLINES,
  MENTOR_CAPACITY,
  MENTORING_TOPICS,
  mentorRecordSchema,
  STUDENT_LABELS,
  studentRecordSchema,
  TIME_ZONE_OPTIONS,
  TOASTS,
  YEARS_EXPERIENCE,
  YEARS_OF_STUDY,
  type AnyObjectSchema,
  type MentorInput,
  type MentorRecord,
  type PersonKind,
  type StudentInput,
  type StudentRecord,
  type ToastText,
} from '@mentorship/domain';
import { MENTOR_CAPACITY_CHOICES } from '../../../lib/mentor-capacity';
import type { FieldSpec, FormValue } from '../../../components/form';
import { createMentor } from '../api/create-mentor';
import { createStudent } from '../api/create-student';
import { getMentor } from '../api/get-mentor';
import { getStudent } from '../api/get-student';
import { adminKeys } from '../api/query-keys';
import { updateMentor } from '../api/update-mentor';
import { updateStudent } from '../api/update-student';

export type PersonFormValues = Record<string, FormValue>;

interface ToastsOfKind {
  created: ToastText;
  updated: ToastText;
  createFailed: ToastText;
  updateFailed: ToastText;
}

export interface PersonFormKind<Rec extends { id: string; fullName: string }> {
  /** "Student" / "Mentor": in the pages' headings, buttons and messages. */
  label: 'Student' | 'Mentor';
  /** A new person's values; every field the form keeps, shown or not. */
  blank: PersonFormValues;
  schema: AnyObjectSchema;
  /** Fields whose absence gets the spec's 'Missing Required Fields' toast. */
  requiredFields: readonly string[];
  /** The form's cards; the last one ends with the cohort picker. */
  sections: readonly { title: string; fields: readonly FieldSpec[] }[];
  queryKey: (id: string) => readonly string[];
  get: (id: string) => Promise<Rec>;
  /** Send the form's values, trimmed, empty text and lists as null (the API's schema). */
  create: (values: PersonFormValues) => Promise<unknown>;
  /** Saves over the record as it was when the form opened (its `updatedAt` is the version). */
  update: (record: Rec, values: PersonFormValues) => Promise<unknown>;
  toasts: ToastsOfKind;
}

/** A record's values in the form: what it holds, or the blank value where it holds nothing. */
export const formValuesOf = <Rec extends { id: string; fullName: string }>(
  kind: PersonFormKind<Rec>,
  record: Rec,
): PersonFormValues =>
  Object.fromEntries(
    Object.entries(kind.blank).map(([name, blank]) => [
      name,
      ((record as unknown as Record<string, FormValue | undefined>)[name] ?? blank) as FormValue,
    ]),
  );

/** The spec's toasts of a kind: "Student Created", "Failed to Update Mentor", ... */
const toastsOf = (kind: PersonKind, label: 'Student' | 'Mentor'): ToastsOfKind => ({
  created: TOASTS[`${kind}Created` as const],
  updated: TOASTS[`${kind}Updated` as const],
  createFailed: TOASTS[`create${label}Failed` as const],
  updateFailed: TOASTS[`update${label}Failed` as const],
});

type PersonRequests<Rec extends { id: string; fullName: string }> = Pick<
  PersonFormKind<Rec>,
  'queryKey' | 'get' | 'create' | 'update' | 'toasts'
>;

/**
 * A kind's requests from its API calls: the form's values become the API's input through
 * `toInput`, and an update carries the record's `updatedAt` as its version; with its toasts.
 */
const requestsOf = <Rec extends { id: string; fullName: string; updatedAt: string }, Input>(
  kind: PersonKind,
  label: 'Student' | 'Mentor',
  api: {
    get: (id: string) => Promise<Rec>;
    create: (input: Input) => Promise<unknown>;
    update: (change: { id: string; input: Input; version: string }) => Promise<unknown>;
    toInput: (values: PersonFormValues) => Input;
  },
): PersonRequests<Rec> => ({
  queryKey: adminKeys[kind],
  get: api.get,
  create: (values) => api.create(api.toInput(values)),
  update: (record, values) =>
    api.update({ id: record.id, input: api.toInput(values), version: record.updatedAt }),
  toasts: toastsOf(kind, label),
});

const half = true;
const consent = (who: 'student' | 'mentor'): FieldSpec[] => [
  {
    control: 'checkbox',
    name: 'agreedToCommitment',
    label: 'Agrees to 4-month mentorship commitment',
  },
  {
    control: 'checkbox',
    name: 'consentToContact',
    label: 'Consents to be contacted by the program',
  },
  { control: 'checkbox', name: 'isActive', label: `Set as active ${who}` },
];

// The fields both forms have.
const fullName: FieldSpec = {
  control: 'text',
  half,
  name: 'fullName',
  label: 'Full Name',
  required: true,
  autoComplete: 'off',
};
const phoneNumber: FieldSpec = {
  control: 'text',
  half,
  name: 'phoneNumber',
  label: 'Phone Number',
  type: 'tel',
};
const linkedinUrl = (label: string): FieldSpec => ({
  control: 'text',
  half,
  name: 'linkedinUrl',
  label,
  type: 'url',
  placeholder: 'https://www.linkedin.com/in/...',
});
const preferredDisciplines = (label: string): FieldSpec => ({
  control: 'choices',
  name: 'preferredDisciplines',
  label,
  options: DISCIPLINES,
});
const mentoringTopics: FieldSpec = {
  control: 'choices',
  name: 'mentoringTopics',
  label: 'Mentoring Topics',
  options: MENTORING_TOPICS,
};

const toStudent = (values: PersonFormValues): StudentInput =>
  studentRecordSchema.cast(values, { stripUnknown: true });

/** An empty years-of-experience box counts as 0 (the spec). */
const toMentor = (values: PersonFormValues): MentorInput =>
  mentorRecordSchema.cast(
    { ...values, yearsExperience: values.yearsExperience === '' ? 0 : values.yearsExperience },
    { stripUnknown: true },
  );

export const STUDENT_FORM: PersonFormKind<StudentRecord> = {
  label: 'Student',
  blank: {
    fullName: '',
    emailAddress: '',
    linkedinUrl: '',
    phoneNumber: '',
    universityName: '',
    academicProgram: '',
    yearOfStudy: '',
    timeZone: '',
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
  } satisfies Record<keyof StudentInput, FormValue>,
  schema: studentRecordSchema,
  requiredFields: ['fullName', 'emailAddress'],
  sections: [
    {
      title: 'Basic Information',
      fields: [
        fullName,
        {
          control: 'text',
          half,
          name: 'emailAddress',
          label: 'Email Address',
          type: 'email',
          required: true,
        },
        phoneNumber,
        linkedinUrl('LinkedIn URL'),
        { control: 'text', half, name: 'universityName', label: 'University Name' },
        { control: 'text', half, name: 'academicProgram', label: 'Academic Program' },
        {
          control: 'select',
          half,
          name: 'yearOfStudy',
          label: 'Year of Study',
          options: YEARS_OF_STUDY,
          placeholder: 'Select year of study',
        },
        {
          control: 'select',
          half,
          name: 'timeZone',
          label: STUDENT_LABELS.timeZone,
          options: TIME_ZONE_OPTIONS,
          placeholder: 'Not given',
        },
        { control: 'text', half, name: 'nominatedBy', label: 'Nominated By' },
        { control: 'text', half, name: 'professorEmail', label: 'Professor Email', type: 'email' },
      ],
    },
    {
      title: 'Academic Preferences',
      fields: [
        preferredDisciplines('Preferred Disciplines'),
        mentoringTopics,
        { control: 'textarea', name: 'careerInterests', label: 'Career Interests', rows: 3 },
        { control: 'textarea', name: 'mentorshipGoals', label: 'Mentorship Goals', rows: 3 },
      ],
    },
    { title: 'Consent & Status', fields: consent('student') },
  ],
  ...requestsOf('student', 'Student', {
    get: getStudent,
    create: createStudent,
    update: updateStudent,
    toInput: toStudent,
  }),
};

export const MENTOR_FORM: PersonFormKind<MentorRecord> = {
  label: 'Mentor',
  blank: {
    fullName: '',
    linkedinUrl: '',
    currentJobTitle: '',
    company: '',
    yearsExperience: 0,
    education: '',
    // Not on the form: kept as the record has them.
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
  } satisfies Record<keyof MentorInput, FormValue>,
  schema: mentorRecordSchema,
  requiredFields: ['fullName'],
  sections: [
    {
      title: 'Professional Information',
      fields: [
        linkedinUrl('LinkedIn URL (optional)'),
        fullName,
        { control: 'text', half, name: 'email', label: 'Email Address', type: 'email' },
        phoneNumber,
        { control: 'text', half, name: 'currentJobTitle', label: 'Current Job Title' },
        { control: 'text', half, name: 'company', label: 'Company' },
        {
          control: 'text',
          half,
          name: 'yearsExperience',
          label: 'Years of Experience',
          type: 'number',
          inputMode: 'numeric',
          min: YEARS_EXPERIENCE.min,
          max: YEARS_EXPERIENCE.max,
          step: 1,
        },
        { control: 'text', half, name: 'location', label: 'Location' },
        { control: 'text', half, name: 'timeZone', label: 'Time Zone' },
        { control: 'text', half, name: 'education', label: 'Education' },
        { control: 'textarea', name: 'profileSummary', label: 'Profile Summary', rows: 4 },
      ],
    },
    {
      title: 'Mentorship Preferences',
      fields: [
        preferredDisciplines('Preferred Student Disciplines'),
        mentoringTopics,
        { control: 'choices', name: 'availability', label: 'Availability', options: AVAILABILITY },
        {
          control: 'select',
          name: 'capacity',
          label: 'Capacity',
          helperText: 'How many students this mentor takes at once.',
          options: MENTOR_CAPACITY_CHOICES,
        },
        {
          control: 'textarea',
          name: 'motivation',
          label: 'Why do you want to be a mentor?',
          rows: 3,
        },
      ],
    },
    { title: 'Consent & Status', fields: consent('mentor') },
  ],
  ...requestsOf('mentor', 'Mentor', {
    get: getMentor,
    create: createMentor,
    update: updateMentor,
    toInput: toMentor,
  }),
};

/** The description of each kind, by its name. */
export const PERSON_FORMS = { student: STUDENT_FORM, mentor: MENTOR_FORM } as const;
