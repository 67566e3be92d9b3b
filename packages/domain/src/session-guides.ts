/**
 * Session guides: one guide per program month (1-4), suggested topics drawn from the
 * program's mentoring topics (options.ts) and a few questions to open the conversation. The
 * defaults below are used for a month until a coordinator edits it (Session guides, an admin
 * screen); an edit is stored as `sessionGuides/month-{m}` and wins from then on.
 *
 * Where a pair sees them: the pair's section of My application shows the current month's guide
 * open and the others collapsed; month m's guide (2-4) travels with the check-in of month m-1,
 * the last message before month m starts, so the help arrives before the session it helps.
 */
import { array, object, string, type InferType } from 'yup';
import { MENTORING_TOPICS, type MentoringTopic } from './options';
import { API } from './api-paths';
import { hasHiddenCharacters, hiddenCharactersMessage } from './text-safety';

const GUIDE_LIMITS = {
  topicsMin: 1,
  topicsMax: 5,
  questionsMin: 1,
  questionsMax: 6,
  questionMax: 300,
} as const;

export interface SessionGuide {
  month: number;
  topics: MentoringTopic[];
  questions: string[];
  /** When a coordinator last edited it; null: the default. */
  updatedAt: string | null;
}

/** `sessionGuides/month-{m}`: a month's guide as a coordinator wrote it. */
export interface SessionGuideDoc {
  month: number;
  topics: MentoringTopic[];
  questions: string[];
  updatedAt: string;
  /** The coordinator's uid. */
  updatedBy: string;
}

export const guideDocId = (month: number) => `month-${month}`;

/** The program's own guides, until a coordinator edits a month. */
export const DEFAULT_SESSION_GUIDES: readonly SessionGuide[] = [
  {
    month: 1,
    topics: ['Career Planning', 'Networking', 'Communication Skills'],
    questions: [
      'What do you each hope to get from these four months?',
      'Which two or three goals should the next sessions work towards?',
      'How and when do you prefer to be reached between sessions?',
    ],
    updatedAt: null,
  },
  {
    month: 2,
    topics: ['Technical Skills', 'Resume Building', 'Professional Development'],
    questions: [
      'What progress has there been on the goals set in month 1?',
      'Which skill would make the biggest difference in the next year, and how can it be practised?',
      'What would a reader of the resume or profile notice first, and is that what it should be?',
    ],
    updatedAt: null,
  },
  {
    month: 3,
    topics: ['Interview Preparation', 'Industry Insights', 'Work-Life Balance'],
    questions: [
      'What does a typical week look like in the field the student is aiming for?',
      'Which interview question is hardest to answer today? Try it out loud.',
      'How does the mentor keep work and the rest of life in balance?',
    ],
    updatedAt: null,
  },
  {
    month: 4,
    topics: ['Leadership', 'Project Management', 'Career Planning'],
    questions: [
      'Which goals from month 1 were met, and what is the next step for the others?',
      'What should the student keep doing after the program ends?',
      'Would you like to stay in touch, and how?',
    ],
    updatedAt: null,
  },
];

/** The four guides in force: each month's stored edit, else its default. */
export function guidesInForce(stored: readonly SessionGuideDoc[]): SessionGuide[] {
  return DEFAULT_SESSION_GUIDES.map((guide) => {
    const edit = stored.find((s) => s.month === guide.month);
    return edit
      ? {
          month: guide.month,
          topics: edit.topics,
          questions: edit.questions,
          updatedAt: edit.updatedAt,
        }
      : { ...guide, topics: [...guide.topics], questions: [...guide.questions] };
  });
}

/** A guide as the lines of an e-mail: its topics, then its questions. */
export const guideLines = (guide: Pick<SessionGuide, 'topics' | 'questions'>): string[] => [
  `Suggested topics: ${guide.topics.join(', ')}`,
  ...guide.questions.map((q) => `Ask: ${q}`),
];

const question = string()
  .trim()
  .required('Write the question, or remove it.')
  .max(GUIDE_LIMITS.questionMax, `Keep each question under ${GUIDE_LIMITS.questionMax} characters.`)
  .test('safe', hiddenCharactersMessage('This question'), (v) => !hasHiddenCharacters(v ?? ''));

/** The body of PUT /api/admin/session-guides/:month. */
export const sessionGuideSchema = object({
  topics: array()
    .of(
      string()
        .required()
        .oneOf([...MENTORING_TOPICS], 'Choose topics from the list.'),
    )
    .required('Choose at least one topic.')
    .min(GUIDE_LIMITS.topicsMin, 'Choose at least one topic.')
    .max(GUIDE_LIMITS.topicsMax, `Choose at most ${GUIDE_LIMITS.topicsMax} topics.`)
    .test('unique', 'Choose each topic once.', (v) => !v || new Set(v).size === v.length),
  questions: array()
    .of(question)
    .required('Write at least one question.')
    .min(GUIDE_LIMITS.questionsMin, 'Write at least one question.')
    .max(GUIDE_LIMITS.questionsMax, `Write at most ${GUIDE_LIMITS.questionsMax} questions.`),
});
export type SessionGuideInput = InferType<typeof sessionGuideSchema>;

export const sessionGuidePaths = {
  list: API.sessionGuides.path,
  one: (month: number) => API.sessionGuide.path.replace(':month', String(month)),
} as const;

export interface SessionGuidesResponse {
  guides: SessionGuide[];
}

export const GUIDE_MESSAGES = {
  saved: (month: number) => `The guide for month ${month} is saved.`,
  reset: (month: number) => `Month ${month} uses the program's default guide again.`,
  badMonth: 'There are four months: choose 1, 2, 3 or 4.',
} as const;
