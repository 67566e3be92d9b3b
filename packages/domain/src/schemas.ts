/**
 * The yup schemas for every body the API accepts. The web forms validate with these through
 * Formik, and the server validates every request body with the same schema (see validate.ts).
 * Casting trims strings, turns empty optional text into null and fills defaults.
 */
import { array, boolean, number, object, string, type InferType } from 'yup';
import { MAX_BULK_IDS, MAX_LENGTH, MAX_SKILLS } from './limits';
import { hasHiddenCharacters, hiddenCharactersMessage, isStrictEmail } from './text-safety';
import {
  AVAILABILITY,
  DISCIPLINES,
  MENTOR_CAPACITY,
  MENTORING_TOPICS,
  YEARS_EXPERIENCE,
  YEARS_OF_STUDY,
} from './options';
import { isListedTimeZone } from './time-zones';
import { isDocumentId } from './validate';
import { progressSchema } from './work-progress';

const emptyToNull = (value: unknown) => (value === '' ? null : value);
const capitalise = (label: string) => label.charAt(0).toUpperCase() + label.slice(1);
const tooLong = (label: string, max: number) =>
  `${capitalise(label)} must be at most ${max} characters.`;
const HTTP_URL = /^https?:\/\/[^\s]+$/i;
// yup's own .trim() calls value.trim() on whatever arrives and throws on an array or object;
// this trims text only and leaves anything else to the type check ("... must be text.").
const trimText = (value: unknown) => (typeof value === 'string' ? value.trim() : value);

/** Long texts (motivation, summary, goals) may have line breaks; everything else is one line. */
const isMultiLine = (max: number) => max >= MAX_LENGTH.longText;

/** Refuses control characters, line breaks (one-line fields) and bidi overrides: text-safety.ts. */
const noHiddenCharacters = (label: string, max: number) => {
  const multiLine = isMultiLine(max);
  return {
    name: 'no-hidden-characters',
    message: hiddenCharactersMessage(capitalise(label), multiLine),
    test: (value: string | null | undefined) => !value || !hasHiddenCharacters(value, multiLine),
  };
};

const requiredText = (label: string, max: number) =>
  string()
    .transform(trimText)
    .max(max, tooLong(label, max))
    .test(noHiddenCharacters(label, max))
    .required(`${capitalise(label)} is required.`)
    .typeError(`${capitalise(label)} must be text.`);

const optionalText = (label: string, max: number) =>
  string()
    .transform(trimText)
    .max(max, tooLong(label, max))
    .test(noHiddenCharacters(label, max))
    .transform(emptyToNull)
    .nullable()
    .default(null)
    .typeError(`${capitalise(label)} must be text.`);

const emailMessage = 'Enter a valid email address, like name@example.com.';
/** Strict syntax (text-safety.ts): no ? & % , no leading, trailing or double dots. */
const strictEmail = {
  name: 'strict-email',
  message: emailMessage,
  test: (value: string | null | undefined) => !value || isStrictEmail(value),
};
const requiredEmail = (label = 'email address') =>
  requiredText(label, MAX_LENGTH.email).test(strictEmail);
const optionalEmail = (label = 'email address') =>
  optionalText(label, MAX_LENGTH.email).test(strictEmail);

const urlMessage = 'Enter a full web address starting with https://';
const requiredUrl = (label: string) =>
  requiredText(label, MAX_LENGTH.url).url(urlMessage).matches(HTTP_URL, urlMessage);
const optionalUrl = (label: string) =>
  optionalText(label, MAX_LENGTH.url)
    .url(urlMessage)
    .matches(HTTP_URL, { message: urlMessage, excludeEmptyString: true });

const noDuplicates = (values: readonly unknown[] | null | undefined) =>
  !values || new Set(values).size === values.length;

/** A list whose items must come from `options`; `min` items at least. */
const optionList = (options: readonly string[], label: string, min = 0) =>
  array()
    .of(
      string()
        .required()
        .oneOf([...options], `Choose ${label} from the list.`),
    )
    .min(min, `Select at least one ${label}.`)
    .max(options.length, `Choose ${label} from the list.`)
    .test('unique', `Each ${label} can be chosen once.`, noDuplicates)
    .default([])
    .typeError(`Choose ${label} from the list.`);

/** An optional list sent as null when empty (the student's preferences). */
const nullableOptionList = (options: readonly string[], label: string) =>
  optionList(options, label)
    .transform((value: unknown) => (Array.isArray(value) && value.length === 0 ? null : value))
    .nullable()
    .default(null);

/** A required whole number from `min` to `max`: one `message` for every way it can be wrong. */
export const wholeNumber = (min: number, max: number, message: string) =>
  number()
    .typeError(message)
    .required(message)
    .integer(message)
    .min(min, message)
    .max(max, message);

/** An empty number input ('') counts as missing, so `required` and defaults apply to it. */
const emptyNumber = (value: unknown, original: unknown) => (original === '' ? undefined : value);

const yearsExperience = number()
  .transform(emptyNumber)
  .typeError('Years of experience must be a number.')
  .integer('Years of experience must be a whole number.')
  .min(YEARS_EXPERIENCE.min, `Years of experience must be at least ${YEARS_EXPERIENCE.min}.`)
  .max(YEARS_EXPERIENCE.max, `Years of experience must be at most ${YEARS_EXPERIENCE.max}.`);

const capacity = number()
  .transform(emptyNumber)
  .typeError('Capacity must be a number.')
  .integer('Capacity must be a whole number.')
  .min(MENTOR_CAPACITY.min, `Capacity must be at least ${MENTOR_CAPACITY.min}.`)
  .max(MENTOR_CAPACITY.max, `Capacity must be at most ${MENTOR_CAPACITY.max}.`)
  .default(MENTOR_CAPACITY.default);

const skills = array()
  .of(
    string()
      .transform(trimText)
      .typeError('Each skill must be text.')
      .required('Skills cannot be empty.')
      .max(MAX_LENGTH.skill, tooLong('a skill', MAX_LENGTH.skill))
      .test(noHiddenCharacters('a skill', MAX_LENGTH.skill)),
  )
  .max(MAX_SKILLS, `List at most ${MAX_SKILLS} skills.`)
  .default([])
  .typeError('Skills must be a list.');

const mustAgree = (message: string) =>
  boolean().typeError(message).required(message).oneOf([true], message);
const flag = (defaultValue: boolean) =>
  boolean().typeError('Must be true or false.').default(defaultValue);

// ---------------------------------------------------------------------------------------------
// Mentor

/**
 * The cohort a coordinator puts a person in (any cohort, any phase): a cohort id, or empty for
 * the current cohort on create and the person's own cohort on edit.
 */
const cohortIdField = string()
  .transform(emptyToNull)
  .nullable()
  .default(null)
  .max(128, 'Choose a cohort from the list.')
  .matches(/^[A-Za-z0-9_-]+$/, 'Choose a cohort from the list.')
  .typeError('Choose a cohort from the list.');

const mentorProfileFields = {
  fullName: requiredText('full name', MAX_LENGTH.name),
  linkedinUrl: optionalUrl('LinkedIn URL'),
  currentJobTitle: optionalText('job title', MAX_LENGTH.shortText),
  company: optionalText('company', MAX_LENGTH.shortText),
  yearsExperience: yearsExperience.default(0),
  education: optionalText('education', MAX_LENGTH.shortText),
  skills,
  location: optionalText('location', MAX_LENGTH.shortText),
  timeZone: optionalText('time zone', MAX_LENGTH.shortText),
  profileSummary: optionalText('professional summary', MAX_LENGTH.longText),
  phoneNumber: optionalText('phone number', MAX_LENGTH.phone),
  email: optionalEmail(),
  preferredDisciplines: optionList(DISCIPLINES, 'student discipline'),
  mentoringTopics: optionList(MENTORING_TOPICS, 'mentoring topic'),
  availability: optionList(AVAILABILITY, 'availability option'),
  motivation: optionalText('motivation', MAX_LENGTH.longText),
  capacity,
  agreedToCommitment: flag(false),
  consentToContact: flag(false),
};

/** What a coordinator creates or updates (only the full name is required). */
export const mentorRecordSchema = object({
  ...mentorProfileFields,
  isActive: flag(true),
  cohortId: cohortIdField,
});
export type MentorInput = InferType<typeof mentorRecordSchema>;

/** Step 1 of the public mentor wizard: professional information. */
export const mentorStep1Schema = object({
  fullName: mentorProfileFields.fullName,
  email: requiredEmail(),
  phoneNumber: requiredText('phone number', MAX_LENGTH.phone),
  linkedinUrl: mentorProfileFields.linkedinUrl,
  currentJobTitle: requiredText('job title', MAX_LENGTH.shortText),
  company: requiredText('company or organization', MAX_LENGTH.shortText),
  yearsExperience: yearsExperience.required('Years of experience is required.'),
  education: mentorProfileFields.education,
  skills,
  location: requiredText('location', MAX_LENGTH.shortText),
  timeZone: mentorProfileFields.timeZone,
  profileSummary: mentorProfileFields.profileSummary,
});

/** Step 2 of the public mentor wizard: mentorship preferences and consents. */
export const mentorStep2Schema = object({
  preferredDisciplines: optionList(DISCIPLINES, 'student discipline', 1),
  mentoringTopics: optionList(MENTORING_TOPICS, 'mentoring topic', 1),
  availability: optionList(AVAILABILITY, 'availability option', 1),
  motivation: mentorProfileFields.motivation,
  capacity,
  agreedToCommitment: mustAgree('Please agree to the mentor commitment to complete registration.'),
  consentToContact: mustAgree('Please consent to being contacted by the program.'),
});

/** The public mentor application (POST /api/mentor-registration). */
export const mentorApplicationSchema = mentorStep1Schema.concat(mentorStep2Schema);
export type MentorApplication = InferType<typeof mentorApplicationSchema>;

// ---------------------------------------------------------------------------------------------
// Student

/**
 * The student's time zone: optional, one of TIME_ZONES (IANA names), an
 * addition to the spec's payload; the matching's TIME-ZONE RULE reads it (working-hours.ts).
 */
const TIME_ZONE_MESSAGE = 'Choose a time zone from the list.';
const studentTimeZone = string()
  .transform(trimText)
  .transform(emptyToNull)
  .nullable()
  .default(null)
  .test('listed-time-zone', TIME_ZONE_MESSAGE, (value) => value == null || isListedTimeZone(value))
  .typeError(TIME_ZONE_MESSAGE);

/** Step 1 of the student wizard: personal information (all required but the time zone). */
export const studentStep1Schema = object({
  fullName: requiredText('full name', MAX_LENGTH.name),
  emailAddress: requiredEmail(),
  linkedinUrl: requiredUrl('LinkedIn URL'),
  phoneNumber: requiredText('phone number', MAX_LENGTH.phone),
  universityName: requiredText('university name', MAX_LENGTH.shortText),
  academicProgram: requiredText('academic program', MAX_LENGTH.shortText),
  yearOfStudy: string()
    .required('Year of study is required.')
    .oneOf([...YEARS_OF_STUDY], 'Choose a year of study from the list.')
    .typeError('Choose a year of study from the list.'),
  timeZone: studentTimeZone,
});

/** Step 2: nomination and academic details (all optional). */
export const studentStep2Schema = object({
  nominatedBy: optionalText('nominated by', MAX_LENGTH.name),
  professorEmail: optionalEmail('professor email'),
  careerInterests: optionalText('career interests', MAX_LENGTH.longText),
});

/** Step 3: preferences and consents. */
export const studentStep3Schema = object({
  preferredDisciplines: nullableOptionList(DISCIPLINES, 'discipline'),
  mentoringTopics: nullableOptionList(MENTORING_TOPICS, 'mentoring topic'),
  mentorshipGoals: optionalText('mentorship goals', MAX_LENGTH.longText),
  agreedToCommitment: mustAgree('Please agree to the 4-month mentorship commitment.'),
  consentToContact: mustAgree('Please consent to being contacted by the program.'),
});

/** The public student application (POST /api/student-registration). */
export const studentApplicationSchema = studentStep1Schema
  .concat(studentStep2Schema)
  .concat(studentStep3Schema);
export type StudentApplication = InferType<typeof studentApplicationSchema>;

/** What a coordinator creates or updates: full name and email required. */
export const studentRecordSchema = object({
  fullName: requiredText('full name', MAX_LENGTH.name),
  emailAddress: requiredEmail(),
  linkedinUrl: optionalUrl('LinkedIn URL'),
  phoneNumber: optionalText('phone number', MAX_LENGTH.phone),
  universityName: optionalText('university name', MAX_LENGTH.shortText),
  academicProgram: optionalText('academic program', MAX_LENGTH.shortText),
  yearOfStudy: string()
    .transform(emptyToNull)
    .nullable()
    .default(null)
    .oneOf([...YEARS_OF_STUDY, null], 'Choose a year of study from the list.')
    .typeError('Choose a year of study from the list.'),
  timeZone: studentTimeZone,
  nominatedBy: studentStep2Schema.fields.nominatedBy,
  professorEmail: studentStep2Schema.fields.professorEmail,
  careerInterests: studentStep2Schema.fields.careerInterests,
  preferredDisciplines: nullableOptionList(DISCIPLINES, 'discipline'),
  mentoringTopics: nullableOptionList(MENTORING_TOPICS, 'mentoring topic'),
  mentorshipGoals: studentStep3Schema.fields.mentorshipGoals,
  agreedToCommitment: flag(false),
  consentToContact: flag(false),
  isActive: flag(true),
  cohortId: cohortIdField,
});
export type StudentInput = InferType<typeof studentRecordSchema>;

// ---------------------------------------------------------------------------------------------
// Admin actions

export const statusSchema = object({
  isActive: boolean()
    .strict()
    .required('isActive is required.')
    .typeError('isActive must be true or false.'),
});

const documentId = (label: string) =>
  string()
    .strict()
    .required(`Choose a ${label}.`)
    .max(128, `The ${label} id is too long.`)
    // Letters, digits, "-" and "_"; not Firestore's reserved `__name__`; not "toString",
    // "constructor", ... (validate.ts `isDocumentId`, the check every path id passes too).
    .test(
      'document-id',
      `The ${label} id is not valid.`,
      (value) => value === undefined || isDocumentId(value),
    )
    .typeError(`The ${label} id must be a string.`);

export const createPairSchema = object({
  mentorId: documentId('mentor'),
  studentId: documentId('student'),
});
export type CreatePairInput = InferType<typeof createPairSchema>;

const assignmentIds = array()
  .of(documentId('pair'))
  .required('Select at least one pair.')
  .min(1, 'Select at least one pair.')
  .max(MAX_BULK_IDS, `Select at most ${MAX_BULK_IDS} pairs at once.`)
  .typeError('assignmentIds must be a list of ids.');

export const bulkDeleteSchema = object({ assignmentIds, progress: progressSchema });

export const bulkStatusSchema = object({
  assignmentIds,
  isActive: statusSchema.fields.isActive,
  progress: progressSchema,
});

export const linkedinAutofillSchema = object({ linkedinUrl: requiredUrl('LinkedIn URL') });
