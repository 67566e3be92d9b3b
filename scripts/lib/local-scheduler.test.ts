/**
 * The local scheduler of `npm start`: each job runs on its schedule (the mail sweep on every
 * minute, the daily work at 03:00 UTC), never two runs of one job at once, and the schedules are
 * the ones the deployed functions declare.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { LOCAL_SCHEDULES, startLocalScheduler, type ScheduledJobs } from './local-scheduler';
import { ROOT } from './paths';

afterEach(() => jest.useRealTimers());

test('the sweep runs on every minute and the daily work at 03:00 UTC', async () => {
  jest.useFakeTimers({ now: new Date('2027-03-01T02:58:30Z') });
  const runs: string[] = [];
  const jobs: ScheduledJobs = {
    sweepMail: async (now) => void runs.push(`sweep ${now.toISOString()}`),
    daily: async (now) => void runs.push(`daily ${now.toISOString()}`),
  };
  const scheduler = startLocalScheduler(jobs, () => undefined);
  await jest.advanceTimersByTimeAsync(3 * 60_000);
  scheduler.stop();
  expect(runs).toEqual([
    'sweep 2027-03-01T02:59:00.000Z',
    'daily 2027-03-01T03:00:00.000Z', // the daily timer was set first; the order does not matter
    'sweep 2027-03-01T03:00:00.000Z',
    'sweep 2027-03-01T03:01:00.000Z',
  ]);
  expect(scheduler.banner).toContain('sweepMail every minute, daily at 03:00 UTC');
});

test('a sweep still running when the next minute comes is not started twice', async () => {
  jest.useFakeTimers({ now: new Date('2027-03-01T12:00:10Z') });
  let started = 0;
  let finish: () => void = () => undefined;
  const jobs: ScheduledJobs = {
    sweepMail: () => {
      started += 1;
      return new Promise((resolve) => (finish = () => resolve(undefined)));
    },
    daily: async () => undefined,
  };
  const scheduler = startLocalScheduler(jobs, () => undefined);
  await jest.advanceTimersByTimeAsync(3 * 60_000);
  expect(started).toBe(1);
  finish();
  await jest.advanceTimersByTimeAsync(60_000);
  expect(started).toBe(2);
  scheduler.stop();
});

test("the schedules are the deployed functions' own", () => {
  const index = readFileSync(join(ROOT, 'functions', 'src', 'index.ts'), 'utf8');
  expect(index).toContain(`schedule: '${LOCAL_SCHEDULES.sweepMail.schedule}'`);
  expect(index).toContain(`schedule: '${LOCAL_SCHEDULES.daily.schedule}'`);
  expect(index).toMatch(/schedule: 'every day 03:00',\s*timeZone: 'Etc\/UTC'/);
});
