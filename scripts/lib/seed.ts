/**
 * Seeds demo data through the real API (admin routes), so seeded records pass the same
 * validation and keep the same invariants (e-mail uniqueness, capacity, one active pair
 * per student) as anything a coordinator creates.
 */
import {
  apiPaths,
  cohortPaths,
  type CreatedResponse,
  type MentorInput,
  type StudentInput,
} from '@mentorship/domain';
import { createRandom, demoCohorts, makeMentor, makeStudent, seedPairs } from './seed-data';

export interface SeedSize {
  students: number;
  mentors: number;
  pairs: number;
}

export const DEMO_SIZE: SeedSize = { students: 30, mentors: 15, pairs: 6 };
export const LARGE_SIZE: SeedSize = { students: 5000, mentors: 2000, pairs: 2000 };

async function post<T>(siteUrl: string, token: string, path: string, body: unknown): Promise<T> {
  const res = await fetch(`${siteUrl}${path}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${token}` },
    body: JSON.stringify(body),
  });
  const text = await res.text();
  if (!res.ok) throw new Error(`POST ${path} answered ${res.status}: ${text}`);
  return JSON.parse(text) as T;
}

/** Runs `work` over `items` with at most `limit` in flight. */
async function pool<T, R>(
  items: T[],
  limit: number,
  work: (item: T, index: number) => Promise<R>,
): Promise<R[]> {
  const results: R[] = new Array(items.length);
  let next = 0;
  const runners = Array.from({ length: Math.min(limit, items.length) }, async () => {
    while (next < items.length) {
      const index = next++;
      results[index] = await work(items[index] as T, index);
    }
  });
  await Promise.all(runners);
  return results;
}

export async function seed(
  siteUrl: string,
  token: string,
  size: SeedSize = DEMO_SIZE,
  seedValue = 2024,
  /**
   * Requests in flight. The Functions emulator starts one worker process per concurrent request,
   * so a high number on a small machine spends its time starting workers and times out.
   */
  concurrency = 6,
) {
  const random = createRandom(seedValue);
  // The cohorts first (completed, current, upcoming); a fifth of the people belong to the
  // completed one, the rest to the current one.
  const cohortIds: string[] = [];
  for (const cohort of demoCohorts()) {
    const created = await post<{ cohort: { id: string } }>(
      siteUrl,
      token,
      cohortPaths.list,
      cohort,
    );
    cohortIds.push(created.cohort.id);
  }
  const [completed, current] = cohortIds as [string, string, string];
  const cohortOf = (i: number) => (i % 5 === 0 ? completed : current);
  const students: StudentInput[] = Array.from({ length: size.students }, (_, i) =>
    makeStudent(random, i + 1, cohortOf(i)),
  );
  const mentors: MentorInput[] = Array.from({ length: size.mentors }, (_, i) =>
    makeMentor(random, i + 1, cohortOf(i)),
  );

  const mentorIds = await pool(mentors, concurrency, (m) =>
    post<CreatedResponse>(siteUrl, token, apiPaths.admin.mentors, m).then((r) => r.id),
  );
  const studentIds = await pool(students, concurrency, (s) =>
    post<CreatedResponse>(siteUrl, token, apiPaths.admin.students, s).then((r) => r.id),
  );

  // Pair active students with the active mentor that fits best and still has room.
  const pairs = seedPairs(students, mentors, size.pairs).map((p) => ({
    mentorId: mentorIds[p.mentor] as string,
    studentId: studentIds[p.student] as string,
  }));
  await pool(pairs, concurrency, (pair) => post(siteUrl, token, apiPaths.admin.pairs, pair));

  return { students: students.length, mentors: mentors.length, pairs: pairs.length };
}
