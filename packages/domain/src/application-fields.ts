/**
 * The application forms' questions: each field's label and the order and sections the wizards
 * show them in. The wizards, the required-field messages and the coordinator's read-only view of
 * a person's application all take their labels from here, so they cannot drift apart.
 */
import type { MentorInput, StudentInput } from './schemas';

export const STUDENT_LABELS = {
  fullName: 'Full Name',
  emailAddress: 'Email Address',
  linkedinUrl: 'LinkedIn Profile URL',
  phoneNumber: 'Phone Number',
  universityName: 'University Name',
  academicProgram: 'Academic Program',
  yearOfStudy: 'Year of Study',
  /** Optional, chosen from TIME_ZONES (an addition to the spec's fields). */
  timeZone: 'Time Zone',
  nominatedBy: 'Nominated By',
  professorEmail: 'Professor Email',
  careerInterests: 'Career Interests',
  preferredDisciplines: 'Preferred Disciplines',
  mentoringTopics: 'Mentoring Topics',
  mentorshipGoals: 'Mentorship Goals',
  agreedToCommitment:
    'I agree to the 4-month mentorship commitment: one 1-hour virtual session with my mentor each month.',
  consentToContact: 'I consent to being contacted by the program about my application.',
} as const satisfies Partial<Record<keyof StudentInput, string>>;

export const MENTOR_LABELS = {
  linkedinUrl: 'LinkedIn Profile URL',
  fullName: 'Full Name',
  email: 'Email Address',
  phoneNumber: 'Phone Number',
  currentJobTitle: 'Current Job Title',
  company: 'Company/Organization',
  yearsExperience: 'Years of Experience',
  location: 'Location',
  timeZone: 'Time Zone',
  education: 'Education',
  skills: 'Key Skills',
  profileSummary: 'Professional Summary',
  preferredDisciplines: 'Preferred Student Disciplines',
  mentoringTopics: 'Mentoring Topics',
  availability: 'Availability',
  capacity: 'How many students could you mentor at the same time?',
  motivation: 'Why do you want to be a mentor?',
  agreedToCommitment: 'I agree to commit 1-2 hours per month for 4 months to mentor my student.',
  consentToContact: 'I consent to being contacted by the program about my application.',
} as const satisfies Partial<Record<keyof MentorInput, string>>;

export interface ApplicationSection<Field extends string> {
  /** The wizard step's title. */
  title: string;
  /** The step's fields in the order the wizard shows them. */
  fields: readonly Field[];
}

type StudentSection = ApplicationSection<keyof typeof STUDENT_LABELS>;
export const STUDENT_SECTIONS: readonly [StudentSection, StudentSection, StudentSection] = [
  {
    title: 'Personal Information',
    fields: [
      'fullName',
      'emailAddress',
      'linkedinUrl',
      'phoneNumber',
      'universityName',
      'academicProgram',
      'yearOfStudy',
      'timeZone',
    ],
  },
  {
    title: 'Nomination & Academic Details',
    fields: ['nominatedBy', 'professorEmail', 'careerInterests'],
  },
  {
    title: 'Preferences & Consent',
    fields: [
      'preferredDisciplines',
      'mentoringTopics',
      'mentorshipGoals',
      'agreedToCommitment',
      'consentToContact',
    ],
  },
];

type MentorSection = ApplicationSection<keyof typeof MENTOR_LABELS>;
export const MENTOR_SECTIONS: readonly [MentorSection, MentorSection] = [
  {
    title: 'Professional Information',
    fields: [
      'linkedinUrl',
      'fullName',
      'email',
      'phoneNumber',
      'currentJobTitle',
      'company',
      'yearsExperience',
      'location',
      'timeZone',
      'education',
      'skills',
      'profileSummary',
    ],
  },
  {
    title: 'Mentorship Preferences',
    fields: [
      'preferredDisciplines',
      'mentoringTopics',
      'availability',
      'capacity',
      'motivation',
      'agreedToCommitment',
      'consentToContact',
    ],
  },
];
