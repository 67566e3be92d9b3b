/**
 * The public pages' dates come from the cohort records, without a rebuild: the served
 * HTML of the home page and For Students holds the sentence the build wrote (this stack's build is
 * given no records: the neutral one), the page's script replaces it on load with the records'
 * answer, and a coordinator's edit of a cohort (through the admin API) shows on the next load.
 * The replacement moves nothing (no layout shift) and is not announced (no live region); the
 * hydrated React page, and a page the app renders itself, say the same. At 375 and 1280 px.
 *
 * Every cohort is put back afterwards (the browser suite runs serially).
 */
import { expect, test, type Browser, type Page } from './fixtures';
import {
  COHORT_DATES,
  COHORT_NOTICE,
  COHORTS_COLLECTION,
  FOUNDING_COHORT_ID,
  cohortPaths,
  cohortDatesText,
  isoDayOf,
  type CohortView,
} from '@mentorship/domain';
import { getApps, initializeApp } from 'firebase-admin/app';
import { getFirestore, type DocumentData } from 'firebase-admin/firestore';
import {
  coordinatorApi,
  expectNoAxeViolations,
  requiredEnv,
  resetFirestore,
  unique,
} from './support';

const db = () =>
  getFirestore(getApps()[0] ?? initializeApp({ projectId: requiredEnv('GCLOUD_PROJECT') }));
const day = (offset: number) => isoDayOf(new Date(Date.now() + offset * 86_400_000));

const { api } = coordinatorApi();
const saved = new Map<string, DocumentData>();

test.beforeAll(async () => {
  await resetFirestore();
  for (const doc of (await db().collection(COHORTS_COLLECTION).get()).docs)
    saved.set(doc.id, doc.data());
});
test.afterAll(async () => {
  const cohorts = db().collection(COHORTS_COLLECTION);
  for (const doc of (await cohorts.get()).docs) if (!saved.has(doc.id)) await doc.ref.delete();
  for (const [id, data] of saved) await cohorts.doc(id).set(data);
});

/** The coordinator's edit: the founding cohort's dates, through PUT /api/admin/cohorts/:id. */
async function setFounding(dates: Record<string, string>): Promise<CohortView> {
  const { cohorts } = await api<{ cohorts: CohortView[] }>('GET', cohortPaths.list);
  const { name, term, year } = cohorts.find((c) => c.id === FOUNDING_COHORT_ID)!;
  return (
    await api<{ cohort: CohortView }>('PUT', cohortPaths.cohort(FOUNDING_COHORT_ID), {
      name,
      term,
      year,
      ...dates,
    })
  ).cohort;
}

/** What the HTML says before any script runs. */
const servedLine = (html: string) =>
  /<p[^>]*data-cohort-dates=""[^>]*>([^<]*)<\/p>/.exec(html)?.[1] ?? null;

/** Records every layout shift of the page from its first paint. */
async function watchLayoutShifts(page: Page) {
  await page.addInitScript(() => {
    const shifts: number[] = [];
    (window as unknown as { __shifts: number[] }).__shifts = shifts;
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries())
        shifts.push((entry as unknown as { value: number }).value);
    }).observe({ type: 'layout-shift', buffered: true });
  });
}
const layoutShift = (page: Page) =>
  page.evaluate(() =>
    (window as unknown as { __shifts: number[] }).__shifts.reduce((a, b) => a + b, 0),
  );

/**
 * A new visitor (a browser keeps nothing of the answer: max-age=0) `width` px wide on `path`,
 * its layout shifts recorded from the first paint.
 */
async function newVisitor(browser: Browser, width: number, path: string) {
  const context = await browser.newContext({
    baseURL: requiredEnv('E2E_BASE_URL'),
    viewport: { width, height: 900 },
  });
  const page = await context.newPage();
  await watchLayoutShifts(page);
  await page.goto(path);
  return { page, context };
}

/** Lets the frame after the change paint, then: nothing moved. */
async function expectNothingMoved(page: Page, message: string) {
  await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => setTimeout(r, 50))));
  expect(await layoutShift(page), message).toBe(0);
}

test("the served HTML holds the build's sentence: the neutral one when the build had no records", async ({
  request,
}) => {
  for (const path of ['/', '/students']) {
    const res = await request.get(path);
    expect(res.status()).toBe(200);
    expect(servedLine(await res.text()), path).toBe(COHORT_DATES.neutral);
  }
});

for (const width of [375, 1280]) {
  test(`at ${width} px a coordinator's edit shows on the home page and For Students without a rebuild`, async ({
    browser,
  }) => {
    // Open: which cohort, until when, when it starts.
    const open = await setFounding({
      applicationsOpen: day(-5),
      applicationsClose: day(width === 375 ? 21 : 22),
      matchingDoneBy: day(30),
      programStart: day(40),
      programEnd: '',
    });
    const openText = cohortDatesText({
      open: {
        id: open.id,
        name: open.name,
        applicationsClose: open.applicationsClose,
        programStart: open.programStart,
      },
      next: null,
    });
    expect(openText).toContain(`Applications for the Founding cohort are open until`);

    // Each visit is a new visitor.
    const visit = async (path: string, text: string) => {
      const { page, context } = await newVisitor(browser, width, path);
      const line = page.locator('[data-cohort-dates]');
      await expect(line).toHaveText(text);
      await expect(line).toBeVisible();
      // Read with the page, never announced on load.
      expect(
        await line.evaluate((el) => el.closest('[aria-live], [role="status"], [role="alert"]')),
      ).toBeNull();
      await expectNothingMoved(page, `layout shift on ${path} at ${width}px`);
      return { page, context };
    };

    for (const path of ['/', '/students']) {
      const { page, context } = await visit(path, openText);
      await expectNoAxeViolations(page, `${path} with the dates at ${width}px`);
      await context.close();
    }

    // The wizards' notice fills the room kept for it the same way: nothing moves.
    const noticeText = COHORT_NOTICE.open({
      id: open.id,
      name: open.name,
      applicationsClose: open.applicationsClose,
      programStart: open.programStart,
    });
    for (const path of ['/register-student', '/register-mentor']) {
      const { page, context } = await newVisitor(browser, width, path);
      await expect(page.locator('[data-cohort-notice]')).toHaveText(noticeText);
      await expectNothingMoved(page, `layout shift on ${path} at ${width}px`);
      await context.close();
    }

    // The window closes; a new cohort is announced: the next visit says when it opens.
    await setFounding({
      applicationsOpen: day(-30),
      applicationsClose: day(-1),
      matchingDoneBy: day(10),
      programStart: day(20),
      programEnd: '',
    });
    const name = `Spring ${unique()}`.slice(0, 20);
    const next = (
      await api<{ cohort: CohortView }>('POST', cohortPaths.list, {
        name,
        term: 'spring',
        year: Number(day(60).slice(0, 4)),
        applicationsOpen: day(60),
        applicationsClose: day(90),
        matchingDoneBy: day(100),
        programStart: day(110),
        programEnd: '',
      })
    ).cohort;
    const nextText = cohortDatesText({
      open: null,
      next: {
        id: next.id,
        name: next.name,
        applicationsOpen: next.applicationsOpen,
        programStart: next.programStart,
      },
    });
    const { page, context } = await visit('/students', nextText);
    // The app hydrates on the first interaction and shows the same; a page it renders itself too.
    await page.mouse.move(20, 400);
    await expect(page.locator('html[data-hydrated="true"]')).toHaveCount(1);
    await expect(page.locator('[data-cohort-dates]')).toHaveText(nextText);
    // The site's name in the header: a link home, routed by the app.
    await page.getByRole('banner').getByRole('link').first().click();
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(
      'Bridge the gap between campus and career',
    );
    await expect(page.locator('[data-cohort-dates]')).toHaveText(nextText);
    await context.close();

    // Nothing announced: the wizards' words.
    await db().collection(COHORTS_COLLECTION).doc(next.id).delete();
    const { context: last } = await visit('/', COHORT_DATES.none);
    await last.close();
  });
}
