/**
 * User-facing strings given by the spec (sections 5 and 8), kept in one place so the web app and
 * the server say the same thing. Titles and descriptions are used exactly as written.
 */
import { MENTOR_LABELS, STUDENT_LABELS } from './application-fields';
import type { PersonKind } from './people';

export interface ToastText {
  title: string;
  description?: string;
}

export const TOASTS = {
  requiredFieldMissing: 'Required Field Missing',
  applicationSuccessful: { title: 'Registration Successful' },
  mentorApplicationFailed: {
    title: 'Registration Failed',
    description: 'There was an error submitting your registration. Please try again.',
  },
  studentApplicationFailed: {
    title: 'Registration Failed',
    description: 'There was an error submitting your application. Please try again.',
  },
  linkedinIntegrationRequired: {
    title: 'LinkedIn Integration Required',
    description: 'LinkedIn auto-fill requires API integration. Please fill out the form manually.',
  },
  loginFailed: {
    title: 'Login Failed',
    description: 'Invalid email or password. Please try again.',
  },
  loginSuccessful: { title: 'Login Successful', description: 'Welcome to the Admin Dashboard' },
  missingCredentials: {
    title: 'Missing Credentials',
    description: 'Please enter both email and password.',
  },
  statusUpdated: { title: 'Status Updated' },
  updateStatusFailed: {
    title: 'Update Failed',
    description: 'Failed to update status. Please try again.',
  },
  deletedSuccessfully: { title: 'Deleted Successfully' },
  deleteFailed: { title: 'Delete Failed', description: 'Failed to delete. Please try again.' },
  pairDeleted: { title: 'Assignment Deleted' },
  pairDeleteFailed: {
    title: 'Delete Failed',
    description: 'Failed to delete assignment. Please try again.',
  },
  bulkDeleteFailed: { title: 'Error', description: 'Failed to delete assignments' },
  studentCreated: { title: 'Student Created' },
  mentorCreated: { title: 'Mentor Created' },
  createStudentFailed: {
    title: 'Creation Failed',
    description: 'Failed to create student profile. Please try again.',
  },
  createMentorFailed: {
    title: 'Creation Failed',
    description: 'Failed to create mentor profile. Please try again.',
  },
  pairCreated: {
    title: 'Assignment Created',
    description: 'Student successfully assigned to mentor.',
  },
  pairFailed: {
    title: 'Assignment Failed',
    description: 'Failed to create assignment. Please try again.',
  },
  inactiveMentor: {
    title: 'Inactive Mentor',
    description: 'Cannot assign students to an inactive mentor.',
  },
  inactiveStudent: {
    title: 'Inactive Student',
    description: 'Cannot assign an inactive student to a mentor.',
  },
  studentUpdated: {
    title: 'Student Updated',
    description: 'Student profile updated successfully.',
  },
  mentorUpdated: { title: 'Mentor Updated', description: 'Mentor profile updated successfully.' },
  updateStudentFailed: {
    title: 'Update Failed',
    description: 'Failed to update student profile. Please try again.',
  },
  updateMentorFailed: {
    title: 'Update Failed',
    description: 'Failed to update mentor profile. Please try again.',
  },
  missingRequiredFields: {
    title: 'Missing Required Fields',
    description: 'Please fill in all required fields.',
  },
  notAdministrator: { title: 'This account is not an administrator' },
} as const satisfies Record<string, ToastText | string>;

/** Mentor final-submit checks, in the order the wizard asks its questions. */
export const MENTOR_FINAL_CHECKS = [
  { field: 'fullName', title: 'Name Required', description: 'Please enter your full name.' },
  {
    field: 'currentJobTitle',
    title: 'Job Title Required',
    description: 'Please enter your current job title.',
  },
  {
    field: 'agreedToCommitment',
    title: 'Agreement Required',
    description: 'Please agree to the mentor commitment to complete registration.',
  },
  {
    field: 'consentToContact',
    title: 'Consent Required',
    description: 'Please consent to being contacted by the program.',
  },
  {
    field: 'preferredDisciplines',
    title: 'Student Disciplines Required',
    description: 'Please select at least one student discipline you would like to mentor.',
  },
  {
    field: 'mentoringTopics',
    title: 'Mentoring Topics Required',
    description: 'Please select at least one mentoring topic.',
  },
  {
    field: 'availability',
    title: 'Availability Required',
    description: 'Please select at least one availability option.',
  },
] as const;

export const NOT_FOUND_TEXT = {
  heading: '404 Page Not Found',
  hint: 'Did you forget to add the page to the router?',
} as const;

export const confirmStatusChange = (activate: boolean, kind: PersonKind): string =>
  `Are you sure you want to ${activate ? 'activate' : 'deactivate'} this ${kind}?`;

export const confirmDelete = (name: string): string =>
  `Are you sure you want to delete ${name}? This action cannot be undone.`;

/** One step-1 required field of a wizard: the label shown on screen and the spec's toast text. */
export interface RequiredFieldText {
  field: string;
  label: string;
  description: string;
}

/** Each `[field, what]` with its label and 'Please enter your {what} to continue.' */
const requiredToContinue = <F extends string>(
  labels: Record<F, string>,
  fields: readonly (readonly [F, string])[],
): readonly RequiredFieldText[] =>
  fields.map(([field, what]) => ({
    field,
    label: labels[field],
    description: `Please enter your ${what} to continue.`,
  }));

/**
 * Mentor step 1 ("Continue to Preferences"): each missing field shows a 'Required Field Missing'
 * toast with this text, first missing field first (form order). E-mail is required: the program
 * must be able to reach a mentor, and coordinators search mentors by address.
 */
export const MENTOR_STEP1_REQUIRED = requiredToContinue(MENTOR_LABELS, [
  ['fullName', 'full name'],
  ['email', 'email address'],
  ['phoneNumber', 'phone number'],
  ['currentJobTitle', 'current job title'],
  ['company', 'company/organization'],
  ['yearsExperience', 'years of experience'],
  ['location', 'location'],
]);

/** Student step 1 ("Continue to Nomination"), in form order. */
export const STUDENT_STEP1_REQUIRED = requiredToContinue(STUDENT_LABELS, [
  ['fullName', 'full name'],
  ['emailAddress', 'email address'],
  ['linkedinUrl', 'LinkedIn profile URL'],
  ['phoneNumber', 'phone number'],
  ['universityName', 'university name'],
  ['academicProgram', 'academic program'],
  ['yearOfStudy', 'year of study'],
]);

/** Student final submit: a step-1 field found empty again ('Please fill in {field label}.'). */
export const studentFillIn = (label: string): string => `Please fill in ${label}.`;

/** Student final submit, after the step-1 fields: agreement, then consent. */
export const STUDENT_FINAL_CHECKS = [
  {
    field: 'agreedToCommitment',
    title: 'Agreement Required',
    description: 'Please agree to the 4-month mentorship commitment.',
  },
  {
    field: 'consentToContact',
    title: 'Consent Required',
    description: 'Please consent to being contacted by the program.',
  },
] as const;
