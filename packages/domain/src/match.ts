/** The spec's match score: shared preferred disciplines plus shared mentoring topics. */
export interface MatchProfile {
  preferredDisciplines?: readonly string[] | null;
  mentoringTopics?: readonly string[] | null;
}

export type MatchBand = 'No matches' | 'Low match' | 'Good match' | 'Excellent match';

export interface MatchResult {
  score: number;
  band: MatchBand;
  sharedDisciplines: string[];
  sharedTopics: string[];
}

const shared = (
  a: readonly string[] | null | undefined,
  b: readonly string[] | null | undefined,
) => {
  if (!a || !b) return [];
  const other = new Set(b);
  return [...new Set(a)].filter((item) => other.has(item));
};

export const matchBand = (score: number): MatchBand => {
  if (score <= 0) return 'No matches';
  if (score <= 2) return 'Low match';
  if (score <= 4) return 'Good match';
  return 'Excellent match';
};

export const matchScore = (mentor: MatchProfile, student: MatchProfile): MatchResult => {
  const sharedDisciplines = shared(student.preferredDisciplines, mentor.preferredDisciplines);
  const sharedTopics = shared(student.mentoringTopics, mentor.mentoringTopics);
  const score = sharedDisciplines.length + sharedTopics.length;
  return { score, band: matchBand(score), sharedDisciplines, sharedTopics };
};
