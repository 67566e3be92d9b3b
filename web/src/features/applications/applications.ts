/**
 * What differs between the student's and the mentor's application, stated once for each (like
 * functions/src/shared/people-kinds.ts on the server): the page's texts, each field's control (labels,
 * order and steps come from the domain's application-fields.ts), the steps' buttons and schemas,
 * the spec's toast checks, the request and the success screen. application-page.tsx and
 * application-wizard.tsx are written once for both.
 */
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
  STUDENT_FINAL_CHECKS,
  STUDENT_LABELS,
  STUDENT_SECTIONS,
  STUDENT_STEP1_REQUIRED,
  listedZoneOrNull,
  studentApplicationSchema,
  studentFillIn,
  studentStep1Schema,
  studentStep2Schema,
  studentStep3Schema,
  TIME_ZONE_OPTIONS,
  TOASTS,
  YEARS_EXPERIENCE,
  YEARS_OF_STUDY,
  type AnyObjectSchema,
  type RequiredFieldText,
  type ToastText,
} from '@mentorship/domain';
import { MENTOR_CAPACITY_CHOICES } from '../../lib/mentor-capacity';
import {
  fieldsOf,
  initialValuesOf,
  type FieldControl,
  type FieldSpec,
} from '../../components/form';
import { paths } from '../../config/paths';
import { WIZARD_DRAFT_KEYS } from '../../config/wizards';
import type { FormValues } from './wizard-state';

/** One step of an application's wizard (application-wizard.tsx walks them). */
export interface WizardStep {
  /** Short name in the step indicator. */
  label: string;
  /** The step's heading. */
  title: string;
  /** Field names in form order (focus goes to the first invalid one). */
  fields: readonly string[];
  /** The step's fields, in that order. */
  specs: readonly FieldSpec[];
  schema: AnyObjectSchema;
  /** Label of the forward button (the last step's is the submit button). */
  nextLabel: string;
  /** Label of the Back button (none on the first step). */
  backLabel?: string;
}

/** The screen shown once the application is sent. */
export interface SuccessScreen {
  heading: string;
  text: string;
  /** "What happens next": each step's name in bold, then what it is. */
  next?: readonly (readonly [string, string])[];
  /** The first is the main action. */
  links: readonly { label: string; to: string }[];
}

export interface Application {
  title: string;
  intro: string;
  /** The page's meta description. */
  description: string;
  draftKey: string;
  steps: readonly WizardStep[];
  initialValues: FormValues;
  /** The request body the schemas see (before cast). */
  toPayload: (values: FormValues) => Record<string, unknown>;
  schema: AnyObjectSchema;
  /** Step 1's required fields: "Continue" names the first one left empty. */
  step1Required: readonly RequiredFieldText[];
  /** The final submit's checks, in the spec's order. */
  finalChecks: readonly { field: string; title: string; description: string }[];
  /** Set when the final submit first checks step 1's fields again ('Please fill in ...'). */
  fillIn?: (label: string) => string;
  submitPath: string;
  failureToast: ToastText;
  /** The field holding the applicant's address. */
  emailField: string;
  success: SuccessScreen;
}

interface StepText {
  label: string;
  nextLabel: string;
  backLabel?: string;
  schema: AnyObjectSchema;
}

/** The steps: sections (title, fields in order) from the domain, controls and buttons from here. */
const stepsOf = <Name extends string>(
  sections: readonly { title: string; fields: readonly Name[] }[],
  labels: Readonly<Record<Name, string>>,
  controls: Readonly<Record<Name, FieldControl>>,
  texts: readonly StepText[],
): WizardStep[] =>
  sections.map((section, index) => ({
    ...(texts[index] as StepText),
    title: section.title,
    fields: section.fields,
    specs: fieldsOf(section.fields, labels, controls),
  }));

const returnHome = { label: 'Return to Home', to: paths.home };

/** The two agreements both applications end with, each a required checkbox. */
const consentControls = {
  agreedToCommitment: { control: 'checkbox', required: true },
  consentToContact: { control: 'checkbox', required: true },
} as const satisfies Record<string, FieldControl>;

/**
 * The browser's own time zone when it is in the list (the student's field starts there). The
 * prerendered step 1 is made without one (the build machine's zone is nobody's); on the static
 * page app/enhance.ts preselectBrowserZone sets it, and the take-over keeps it.
 */
function browserZone(): string {
  if (typeof window === 'undefined') return '';
  try {
    return listedZoneOrNull(Intl.DateTimeFormat().resolvedOptions().timeZone) ?? '';
  } catch {
    return '';
  }
}

const studentSteps = stepsOf(
  STUDENT_SECTIONS,
  STUDENT_LABELS,
  {
    fullName: { control: 'text', required: true, autoComplete: 'name' },
    emailAddress: { control: 'text', type: 'email', required: true, autoComplete: 'email' },
    linkedinUrl: {
      control: 'text',
      type: 'url',
      required: true,
      autoComplete: 'url',
      placeholder: 'https://www.linkedin.com/in/your-name',
    },
    phoneNumber: { control: 'text', type: 'tel', required: true, autoComplete: 'tel' },
    universityName: { control: 'text', required: true, autoComplete: 'organization' },
    academicProgram: { control: 'text', required: true, placeholder: 'e.g. BSc Computer Science' },
    yearOfStudy: {
      control: 'select',
      required: true,
      placeholder: 'Select your year of study',
      options: YEARS_OF_STUDY,
    },
    timeZone: {
      control: 'select',
      placeholder: 'Not given',
      helperText:
        'Optional. We prefer mentors whose working hours overlap yours. Preselected from your device.',
      options: TIME_ZONE_OPTIONS,
      initial: browserZone(),
    },
    nominatedBy: {
      control: 'text',
      helperText: 'Optional. The faculty member, advisor or peer who nominated you.',
    },
    professorEmail: {
      control: 'text',
      type: 'email',
      helperText: 'Optional. A professor who can speak to your goals.',
    },
    careerInterests: {
      control: 'textarea',
      helperText: 'Optional. The fields and roles you are drawn to.',
    },
    preferredDisciplines: {
      control: 'choices',
      helperText: 'Optional. Choose the fields you would like your mentor to come from.',
      options: DISCIPLINES,
    },
    mentoringTopics: {
      control: 'choices',
      helperText: 'Optional. Choose what you would like help with.',
      options: MENTORING_TOPICS,
    },
    mentorshipGoals: {
      control: 'textarea',
      helperText: 'Optional. What would make these 4 months a success for you?',
    },
    ...consentControls,
  },
  [
    {
      label: 'Personal Information',
      nextLabel: 'Continue to Nomination',
      schema: studentStep1Schema,
    },
    {
      label: 'Nomination & Academics',
      nextLabel: 'Continue to Preferences',
      backLabel: 'Back to Personal Information',
      schema: studentStep2Schema,
    },
    {
      label: 'Preferences & Consent',
      nextLabel: 'Submit Application',
      backLabel: 'Back to Nomination',
      schema: studentStep3Schema,
    },
  ],
);

export const STUDENT_APPLICATION: Application = {
  title: 'Apply as a Student',
  intro:
    'Apply for a 4-month, one-to-one mentorship with an experienced professional. It is free. Fields marked * are required.',
  description: 'Apply for a free 4-month, one-to-one mentorship with an experienced professional.',
  draftKey: WIZARD_DRAFT_KEYS[paths.registerStudent] as string,
  steps: studentSteps,
  initialValues: initialValuesOf(studentSteps.flatMap((step) => step.specs)),
  toPayload: (values) => ({ ...values }),
  schema: studentApplicationSchema,
  step1Required: STUDENT_STEP1_REQUIRED,
  finalChecks: STUDENT_FINAL_CHECKS,
  fillIn: studentFillIn,
  submitPath: apiPaths.studentApplication,
  failureToast: TOASTS.studentApplicationFailed,
  emailField: 'emailAddress',
  success: {
    heading: 'Application submitted!',
    text: 'Thank you for applying to the mentorship program. Our coordinators will review your application and contact you by e-mail. Matching with a mentor takes about 2 weeks.',
    links: [returnHome, { label: 'View FAQ', to: paths.faq }],
  },
};

const mentorSteps = stepsOf(
  MENTOR_SECTIONS,
  MENTOR_LABELS,
  {
    linkedinUrl: {
      control: 'text',
      type: 'url',
      autoComplete: 'url',
      placeholder: 'https://www.linkedin.com/in/your-name',
      helperText: 'Optional.',
    },
    fullName: { control: 'text', half: true, required: true, autoComplete: 'name' },
    email: { control: 'text', half: true, type: 'email', required: true, autoComplete: 'email' },
    phoneNumber: { control: 'text', half: true, type: 'tel', required: true, autoComplete: 'tel' },
    currentJobTitle: {
      control: 'text',
      half: true,
      required: true,
      autoComplete: 'organization-title',
    },
    company: { control: 'text', half: true, required: true, autoComplete: 'organization' },
    yearsExperience: {
      control: 'text',
      half: true,
      type: 'number',
      required: true,
      min: YEARS_EXPERIENCE.min,
      max: YEARS_EXPERIENCE.max,
      step: 1,
      inputMode: 'numeric',
    },
    location: { control: 'text', half: true, required: true, placeholder: 'City, Country' },
    timeZone: { control: 'text', half: true, placeholder: 'e.g. Eastern Time (UTC-5)' },
    education: { control: 'text', placeholder: 'Degree, institution' },
    skills: {
      control: 'text',
      helperText: 'Separate skills with commas, e.g. Python, Product strategy.',
    },
    profileSummary: {
      control: 'textarea',
      helperText: 'Optional. A few sentences about your career.',
    },
    preferredDisciplines: {
      control: 'choices',
      helperText: 'Choose every field of study you would like to mentor.',
      options: DISCIPLINES,
      required: true,
    },
    mentoringTopics: {
      control: 'choices',
      helperText: 'Choose the topics you can help with.',
      options: MENTORING_TOPICS,
      required: true,
    },
    availability: {
      control: 'choices',
      helperText: 'When can you meet for a monthly 1-hour virtual session?',
      options: AVAILABILITY,
      required: true,
    },
    capacity: {
      control: 'select',
      helperText: 'Optional. Most mentors take one student per cohort.',
      options: MENTOR_CAPACITY_CHOICES,
      initial: MENTOR_CAPACITY.default,
    },
    motivation: { control: 'textarea', helperText: 'Optional.' },
    ...consentControls,
  },
  [
    {
      label: 'Professional Information',
      nextLabel: 'Continue to Preferences',
      schema: mentorStep1Schema,
    },
    {
      label: 'Mentorship Preferences',
      nextLabel: 'Complete Registration',
      backLabel: 'Back to Profile',
      schema: mentorStep2Schema,
    },
  ],
);

/** "a, b ,, c" -> ['a', 'b', 'c'] */
const splitSkills = (text: string): string[] =>
  text
    .split(',')
    .map((item) => item.trim())
    .filter(Boolean);

export const MENTOR_APPLICATION: Application = {
  title: 'Become a Mentor',
  intro:
    'Share your experience with a university student for one 4-month cohort: one 1-hour virtual session a month. Fields marked * are required.',
  description:
    'Apply to mentor a university student for one 4-month cohort: one 1-hour virtual session a month.',
  draftKey: WIZARD_DRAFT_KEYS[paths.registerMentor] as string,
  steps: mentorSteps,
  initialValues: initialValuesOf(mentorSteps.flatMap((step) => step.specs)),
  // `skills` is typed as one comma-separated line.
  toPayload: (values) => ({ ...values, skills: splitSkills(String(values.skills ?? '')) }),
  schema: mentorApplicationSchema,
  step1Required: MENTOR_STEP1_REQUIRED,
  finalChecks: MENTOR_FINAL_CHECKS,
  submitPath: apiPaths.mentorApplication,
  failureToast: TOASTS.mentorApplicationFailed,
  emailField: 'email',
  success: {
    heading: 'Thank you for applying to mentor!',
    text: 'Your application has been received. Our team will contact you within 3-5 business days.',
    next: [
      ['Application review:', 'a coordinator reviews your profile.'],
      ['Screening interview:', 'a short 15-20 minute conversation with our team.'],
      ['Orientation:', 'how the program works and what to expect from sessions.'],
      ['Matching:', 'we pair you with a student whose goals fit your experience.'],
    ],
    links: [returnHome],
  },
};
