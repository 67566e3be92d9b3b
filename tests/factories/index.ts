/**
 * The test data factories: one place that builds the program's data for every kind of test
 * (domain and functions unit tests, the web's jsdom tests, the API integration tests, the rules
 * tests, the browser tests) and for the scripts' benches. Pure: no Firebase, no network, no
 * environment, so any test project can import it. What writes the data somewhere (the API, the
 * Admin SDK) is tests/support/seed.ts.
 *
 * Every value comes from the domain's option lists and is typed by the domain's schemas' types,
 * so a factory stays valid when a list or a schema changes (typecheck says where it no longer
 * is). Each takes a `tag` that makes its names and addresses unique, and `extra` fields that
 * override the defaults.
 */
import {
  AVAILABILITY,
  DISCIPLINES,
  MENTORING_TOPICS,
  YEARS_OF_STUDY,
  addMonths,
  isoDayOf,
  programEndFor,
  type CheckInDoc,
  type CohortRecord,
  type IsoDay,
  type MentorApplication,
  type MentorInput,
  type MentorListItem,
  type SessionDoc,
  type StudentApplication,
  type StudentInput,
  type StudentListItem,
  type SurveyDoc,
} from '@mentorship/domain';

/** A short unique suffix: names and e-mail addresses never collide between tests or runs. */
export const uniqueTag = () =>
  `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 8)}`;

// ---------------------------------------------------------------------------------------------
// People

/** A complete public student application (POST /api/student-registration). */
export const studentApplication = (
  tag = uniqueTag(),
  extra: Partial<StudentApplication> = {},
): StudentApplication => ({
  fullName: `Ana Student ${tag}`,
  emailAddress: `ana.${tag}@student.example.edu`,
  linkedinUrl: `https://www.linkedin.com/in/ana-${tag}`,
  phoneNumber: '+1 555 0101',
  universityName: 'University of Toronto',
  academicProgram: 'B.Sc. Computer Science',
  yearOfStudy: YEARS_OF_STUDY[1],
  timeZone: null,
  nominatedBy: null,
  professorEmail: null,
  careerInterests: null,
  preferredDisciplines: [DISCIPLINES[0], DISCIPLINES[5]],
  mentoringTopics: [MENTORING_TOPICS[0]],
  mentorshipGoals: null,
  agreedToCommitment: true,
  consentToContact: true,
  ...extra,
});

/** A complete public mentor application (POST /api/mentor-registration). */
export const mentorApplication = (
  tag = uniqueTag(),
  extra: Partial<MentorApplication> = {},
): MentorApplication => ({
  fullName: `Mo Mentor ${tag}`,
  email: `mo.${tag}@mentors.example.com`,
  phoneNumber: '+1 555 0202',
  linkedinUrl: null,
  currentJobTitle: 'Senior Software Engineer',
  company: 'Shopify',
  yearsExperience: 8,
  education: null,
  skills: ['Python'],
  location: 'Toronto, ON',
  timeZone: 'America/Toronto',
  profileSummary: null,
  preferredDisciplines: [DISCIPLINES[0]],
  mentoringTopics: [MENTORING_TOPICS[0], MENTORING_TOPICS[1]],
  availability: [AVAILABILITY[4]],
  motivation: null,
  capacity: 1,
  agreedToCommitment: true,
  consentToContact: true,
  ...extra,
});

/** A student record as a coordinator creates it (only the required fields, plus `extra`). */
export const studentRecordBody = (tag = uniqueTag(), extra: Partial<StudentInput> = {}) => ({
  fullName: `Sam Student ${tag}`,
  emailAddress: `sam.${tag}@student.example.edu`,
  ...extra,
});

/** A mentor record as a coordinator creates it (only the required fields, plus `extra`). */
export const mentorRecordBody = (tag = uniqueTag(), extra: Partial<MentorInput> = {}) => ({
  fullName: `Max Mentor ${tag}`,
  email: `max.${tag}@mentors.example.com`,
  ...extra,
});

/**
 * A mentor as the admin lists carry them (suggestions, the proposal): active, in no cohort,
 * nothing chosen, one free place; `extra` says what the test is about.
 */
export const mentorListItem = (
  id: string,
  extra: Partial<MentorListItem> = {},
): MentorListItem => ({
  id,
  fullName: `Mentor ${id}`,
  email: null,
  company: null,
  currentJobTitle: null,
  isActive: true,
  cohortId: null,
  createdAt: '2024-01-01T00:00:00.000Z',
  preferredDisciplines: [],
  mentoringTopics: [],
  capacity: 1,
  activeStudentCount: 0,
  reviewStatus: null,
  ...extra,
});

/** A student as the admin lists carry them: active, in no cohort, unmatched, nothing chosen. */
export const studentListItem = (
  id: string,
  extra: Partial<StudentListItem> = {},
): StudentListItem => ({
  id,
  fullName: `Student ${id}`,
  emailAddress: `${id}@example.org`,
  universityName: null,
  academicProgram: null,
  yearOfStudy: null,
  reviewStatus: null,
  isActive: true,
  cohortId: null,
  createdAt: '2024-01-01T00:00:00.000Z',
  preferredDisciplines: [],
  mentoringTopics: [],
  activePairId: null,
  ...extra,
});

// ---------------------------------------------------------------------------------------------
// Cohorts

const DAY_MS = 86_400_000;

/** `day` moved by `days` (negative: earlier). */
export const dayOffset = (day: IsoDay, days: number): IsoDay =>
  isoDayOf(new Date(new Date(`${day}T00:00:00Z`).getTime() + days * DAY_MS));

/** The day and time a clock in `zone` shows at an instant (what a person there types). */
export function wallClock(at: Date, zone: string): { date: IsoDay; time: string } {
  const parts = new Intl.DateTimeFormat('en-CA', {
    timeZone: zone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).formatToParts(at);
  const get = (t: string) => parts.find((p) => p.type === t)?.value ?? '';
  return {
    date: `${get('year')}-${get('month')}-${get('day')}` as IsoDay,
    time: `${get('hour')}:${get('minute')}`,
  };
}

/**
 * A cohort record: applications open 60 days before the start, close 30 days before, matching
 * done 7 days before; the program four months long unless `programEnd` is given.
 */
export const cohortRecord = (
  name: string,
  programStart: IsoDay,
  programEnd: IsoDay = programEndFor(programStart),
): CohortRecord => ({
  name,
  term: 'fall',
  year: Number(programStart.slice(0, 4)),
  applicationsOpen: dayOffset(programStart, -60),
  applicationsClose: dayOffset(programStart, -30),
  matchingDoneBy: dayOffset(programStart, -7),
  programStart,
  programEnd,
});

/** The month-days of a spring and a fall cohort's dates, as the tests' cohorts keep them. */
const TERM_DAYS = {
  spring: { open: '01-01', close: '01-31', matchingDone: '02-14', start: '03-01' },
  fall: { open: '06-01', close: '07-31', matchingDone: '08-20', start: '09-01' },
};

/**
 * A new cohort as the coordinators' form sends it (POST /api/cohorts): the term's dates in
 * `year`, the program's end left empty (the server makes it four months after the start).
 */
export const cohortFormBody = (name: string, term: keyof typeof TERM_DAYS, year: number) => {
  const days = TERM_DAYS[term];
  return {
    name,
    term,
    year,
    applicationsOpen: `${year}-${days.open}`,
    applicationsClose: `${year}-${days.close}`,
    matchingDoneBy: `${year}-${days.matchingDone}`,
    programStart: `${year}-${days.start}`,
    programEnd: '',
  };
};

/**
 * The program dates of a four-month cohort that ended `endedDaysAgo` days before `today`
 * (negative: still running).
 */
export function programEndedDaysAgo(
  endedDaysAgo: number,
  today: IsoDay = isoDayOf(new Date()),
): { programStart: IsoDay; programEnd: IsoDay } {
  const programEnd = dayOffset(today, -endedDaysAgo);
  const programStart = isoDayOf(addMonths(new Date(`${dayOffset(programEnd, 1)}T00:00:00Z`), -4));
  return { programStart, programEnd };
}

// ---------------------------------------------------------------------------------------------
// A pair's records

/** The people and the pair a pair's records hang off. */
interface PairRef {
  pairId: string;
  studentId: string;
  mentorId: string;
}

/** A session held on `heldOn`, logged by the student that evening. */
export const sessionDoc = (pair: PairRef, cohortId: string, heldOn: IsoDay): SessionDoc => ({
  pairId: pair.pairId,
  cohortId,
  studentId: pair.studentId,
  mentorId: pair.mentorId,
  heldOn,
  loggedBy: 'student',
  loggedAt: new Date(`${heldOn}T18:00:00Z`).toISOString(),
  saidBy: ['log:student'],
});

/** A check-in of program month `month` as the daily work sends it: not answered yet. */
export const sentCheckIn = (
  pair: PairRef,
  cohortId: string,
  role: CheckInDoc['role'],
  month: number,
): CheckInDoc => ({
  pairId: pair.pairId,
  cohortId,
  role,
  personId: role === 'student' ? pair.studentId : pair.mentorId,
  month,
  sentAt: new Date().toISOString(),
  answeredAt: null,
  answer: null,
  rating: null,
  note: null,
  fit: null,
});

/** The student's check-in of program month `month`, answered "met" with `rating`. */
export const answeredCheckIn = (
  pair: PairRef,
  cohortId: string,
  month: number,
  rating: number | null,
): CheckInDoc => ({
  ...sentCheckIn(pair, cohortId, 'student', month),
  answeredAt: new Date().toISOString(),
  answer: 'met',
  rating,
  fit: month === 1 ? 'good-fit' : null,
});

/** The document id of a check-in (`{pairId}_{role}_{month}`). */
export const checkInId = (pair: PairRef, role: CheckInDoc['role'], month: number) =>
  `${pair.pairId}_${role}_${month}`;

/** The student's final survey (what PUT /api/me/certificates/:id/survey stores). */
export const surveyDoc = (
  pair: PairRef,
  cohortId: string,
  answers: Pick<SurveyDoc, 'rating' | 'wouldRecommend'>,
  certificateId = `seeded-${uniqueTag()}`,
): SurveyDoc => ({
  ...answers,
  improve: '',
  certificateId,
  pairId: pair.pairId,
  cohortId,
  personId: pair.studentId,
  role: 'student',
  answeredAt: new Date().toISOString(),
});
