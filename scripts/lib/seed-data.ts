/** Deterministic, realistic demo people built from the spec's option lists. */
import {
  AVAILABILITY,
  COHORT_TERM_LABELS,
  DISCIPLINES,
  MENTORING_TOPICS,
  YEARS_OF_STUDY,
  matchScore,
  type CohortInput,
  type MentorInput,
  type StudentInput,
} from '@mentorship/domain';

/** mulberry32: a small seeded PRNG so every seed run makes the same people. */
export function createRandom(seed: number) {
  let state = seed >>> 0;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const int = (min: number, max: number) => min + Math.floor(next() * (max - min + 1));
  const pick = <T>(items: readonly T[]): T => items[Math.floor(next() * items.length)] as T;
  const sample = <T>(items: readonly T[], count: number): T[] => {
    const pool = [...items];
    const out: T[] = [];
    while (out.length < count && pool.length > 0)
      out.push(pool.splice(Math.floor(next() * pool.length), 1)[0] as T);
    return out;
  };
  return { next, int, pick, sample };
}
export type Random = ReturnType<typeof createRandom>;

const FIRST = [
  'Amara',
  'Ben',
  'Chloé',
  'Diego',
  'Elif',
  'Farah',
  'Gabriel',
  'Hana',
  'Ines',
  'Jamal',
  'Keiko',
  'Liam',
  'Maya',
  'Nikhil',
  'Olivia',
  'Priya',
  'Quentin',
  'Rosa',
  'Samir',
  'Tess',
  'Uma',
  'Victor',
  'Wen',
  'Ximena',
  'Yusuf',
  'Zoe',
  'Aisha',
  'Bruno',
  'Carmen',
  'Dmitri',
  'Esther',
  'Felix',
  'Grace',
  'Hugo',
  'Isla',
  'Jonah',
];
const LAST = [
  'Okafor',
  'Martins',
  'Dubois',
  'Hernández',
  'Yılmaz',
  'Haddad',
  'Silva',
  'Tanaka',
  'García',
  'Reed',
  'Sato',
  "O'Brien",
  'Patel',
  'Iyer',
  'Nguyen',
  'Sharma',
  'Lefèvre',
  'Rossi',
  'Khan',
  'Walsh',
  'Mensah',
  'Kowalski',
  'Chen',
  'Morales',
  'Demir',
  'Fischer',
  'Ali',
  'Costa',
  'Ruiz',
  'Volkov',
  'Cohen',
  'Berg',
  'Kim',
  'Laurent',
  'Murray',
  'Park',
];
const UNIVERSITIES = [
  'University of Toronto',
  'McGill University',
  'University of British Columbia',
  'Georgia Institute of Technology',
  'University of Michigan',
  'Arizona State University',
  'University of Texas at Austin',
  'Rutgers University',
  'University of Washington',
  'Purdue University',
  'Howard University',
  'University of Waterloo',
];
const PROGRAMS = [
  'B.Sc. Computer Science',
  'B.Eng. Mechanical Engineering',
  'BBA Marketing',
  'B.Des. Interaction Design',
  'M.Sc. Data Science',
  'MBA',
  'B.Sc. Nursing',
  'M.Ed. Education Policy',
  'B.Com. Finance',
  'PhD Bioengineering',
  'M.Eng. Operations Research',
  'B.A. Economics',
];
const COMPANIES = [
  'Shopify',
  'Microsoft',
  'Deloitte',
  'Mayo Clinic',
  'Stripe',
  'Accenture',
  'RBC',
  'Salesforce',
  'IDEO',
  'Unity Technologies',
  'Teach For America',
  'Pfizer',
  'Atlassian',
  'Bain & Company',
  'Google',
];
const TITLES = [
  'Senior Software Engineer',
  'Product Manager',
  'Engineering Manager',
  'UX Design Lead',
  'Data Scientist',
  'Marketing Director',
  'Financial Analyst',
  'Management Consultant',
  'Operations Manager',
  'Research Scientist',
  'Nurse Practitioner',
  'Head of Sales',
];
const CITIES = [
  ['Toronto, ON', 'America/Toronto'],
  ['Seattle, WA', 'America/Los_Angeles'],
  ['Austin, TX', 'America/Chicago'],
  ['New York, NY', 'America/New_York'],
  ['Vancouver, BC', 'America/Vancouver'],
  ['Chicago, IL', 'America/Chicago'],
  ['Boston, MA', 'America/New_York'],
  ['Denver, CO', 'America/Denver'],
] as const;
const SKILLS = [
  'Python',
  'SQL',
  'Public speaking',
  'Roadmapping',
  'Figma',
  'Negotiation',
  'Financial modelling',
  'Team leadership',
  'Machine learning',
  'Stakeholder management',
  'Go-to-market',
  'Clinical research',
];
const INTERESTS = [
  'software engineering at a product company',
  'consulting and strategy',
  'product management in health tech',
  'UX research',
  'sustainable finance',
  'founding a start-up',
  'teaching and education policy',
  'data science in climate tech',
];

const slug = (s: string) => s.normalize('NFD').replace(/[^\w]/g, '').toLowerCase();

export function makeStudent(
  random: Random,
  index: number,
  cohortId: string | null = null,
): StudentInput {
  const first = random.pick(FIRST);
  const last = random.pick(LAST);
  const program = random.pick(PROGRAMS);
  return {
    fullName: `${first} ${last}`,
    emailAddress: `${slug(first)}.${slug(last)}.${index}@student.example.edu`,
    linkedinUrl: `https://www.linkedin.com/in/${slug(first)}-${slug(last)}-${index}`,
    phoneNumber: `+1 555 ${String(1000 + index).padStart(4, '0')}`,
    universityName: random.pick(UNIVERSITIES),
    academicProgram: program,
    yearOfStudy: random.pick(YEARS_OF_STUDY),
    // Not drawn from `random`, so the seeded people stay the same as before time zones.
    timeZone: null,
    nominatedBy: random.next() < 0.7 ? `Prof. ${random.pick(LAST)}` : null,
    professorEmail: random.next() < 0.6 ? `prof${index}@faculty.example.edu` : null,
    careerInterests: `I am interested in ${random.pick(INTERESTS)}.`,
    preferredDisciplines: random.sample(DISCIPLINES, random.int(1, 3)),
    mentoringTopics: random.sample(MENTORING_TOPICS, random.int(1, 4)),
    mentorshipGoals:
      'Build confidence for internship interviews and learn how professionals plan their careers.',
    agreedToCommitment: true,
    consentToContact: true,
    isActive: random.next() < 0.8,
    cohortId,
  };
}

export function makeMentor(
  random: Random,
  index: number,
  cohortId: string | null = null,
): MentorInput {
  const first = random.pick(FIRST);
  const last = random.pick(LAST);
  const company = random.pick(COMPANIES);
  const [location, timeZone] = random.pick(CITIES);
  return {
    fullName: `${first} ${last}`,
    email: `${slug(first)}.${slug(last)}.${index}@mentors.example.com`,
    phoneNumber: `+1 555 ${String(5000 + index).padStart(4, '0')}`,
    linkedinUrl: `https://www.linkedin.com/in/${slug(first)}${slug(last)}${index}`,
    currentJobTitle: random.pick(TITLES),
    company,
    yearsExperience: random.int(3, 25),
    education: random.pick(PROGRAMS),
    skills: random.sample(SKILLS, random.int(2, 4)),
    location,
    timeZone,
    profileSummary: `${random.int(3, 25)} years at companies like ${company}; I enjoy helping students find their first role.`,
    preferredDisciplines: random.sample(DISCIPLINES, random.int(2, 4)),
    mentoringTopics: random.sample(MENTORING_TOPICS, random.int(2, 5)),
    availability: random.sample(AVAILABILITY, random.int(1, 3)),
    motivation: 'Someone mentored me when I was a student; I want to pass that on.',
    capacity: random.int(1, 3),
    agreedToCommitment: true,
    consentToContact: true,
    isActive: random.next() < 0.85,
    cohortId,
  };
}

const DAY_MS = 86_400_000;
const dayFrom = (today: Date, days: number) =>
  new Date(
    Date.UTC(today.getUTCFullYear(), today.getUTCMonth(), today.getUTCDate()) + days * DAY_MS,
  )
    .toISOString()
    .slice(0, 10);

/**
 * The demo's pairs, by index: each active student in turn with the active mentor that fits best
 * (match score) and still has room, up to `limit` pairs. Only a window of 60 mentors is looked at
 * per student, so large seeds stay fast.
 */
export function seedPairs(
  students: readonly StudentInput[],
  mentors: readonly MentorInput[],
  limit: number,
): { student: number; mentor: number }[] {
  const room = mentors.map((m) => (m.isActive ? m.capacity : 0));
  const pairs: { student: number; mentor: number }[] = [];
  for (let s = 0; s < students.length && pairs.length < limit; s++) {
    const student = students[s] as StudentInput;
    if (!student.isActive) continue;
    let best = -1;
    let bestScore = 0;
    for (let k = 0; k < Math.min(mentors.length, 60); k++) {
      const m = (s * 7 + k) % mentors.length;
      if ((room[m] ?? 0) <= 0) continue;
      const score = matchScore(mentors[m] as MentorInput, student).score;
      if (score > bestScore) [best, bestScore] = [m, score];
    }
    if (best < 0) continue;
    room[best] = (room[best] ?? 0) - 1;
    pairs.push({ student: s, mentor: best });
  }
  return pairs;
}

/**
 * The demo's cohorts, dated from `today` so the demo always shows each phase: one completed,
 * the current one taking applications, one upcoming (what the coordinator would make on the
 * Cohorts page; `programEnd` empty means 4 months).
 */
export function demoCohorts(today = new Date()): CohortInput[] {
  const make = (open: number): CohortInput => {
    const programStart = dayFrom(today, open + 50);
    const month = Number(programStart.slice(5, 7));
    const term = month <= 4 ? 'spring' : month <= 8 ? 'summer' : 'fall';
    const year = Number(programStart.slice(0, 4));
    return {
      name: `${COHORT_TERM_LABELS[term]} ${year}`,
      term,
      year,
      applicationsOpen: dayFrom(today, open),
      applicationsClose: dayFrom(today, open + 30),
      matchingDoneBy: dayFrom(today, open + 44),
      programStart,
      programEnd: '',
    };
  };
  return [make(-300), make(-20), make(120)];
}
