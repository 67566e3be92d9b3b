/**
 * Every route's HTML is valid (the Nu HTML Checker: 0 errors), as served and as the DOM stands
 * once the app has taken the page over, public and admin; and IBM's Equal Access engine, a second
 * accessibility engine beside axe, finds no WCAG 2.2 A/AA violation at 375 and 1280 px. The
 * public pages' axe checks run in the same visit. Each page
 * has one <title> and at most one description; admin screens have titles of their own.
 */
import { expect, test, type Page } from './fixtures';
import { tokenFor } from '../tests/support/api';
import { createMentor, createStudent, seedCohort } from '../tests/support/seed';
import { appReady } from './keyboard';
import { ADMIN_STATE, axeViolations, expectNoAxeViolations, settled } from './support';
import { PUBLIC_PAGES } from './pages';
import {
  aceViolations,
  expectNoAceViolations,
  renderedHtml,
  startHtmlValidator,
  type HtmlValidator,
} from './validators';

// The engine is injected into the page: the site's CSP (no inline or foreign scripts) would
// refuse it.
test.use({ bypassCSP: true });

let validator: HtmlValidator;
test.beforeAll(async () => {
  test.setTimeout(120_000);
  validator = await startHtmlValidator();
});
test.afterAll(async () => {
  await validator?.stop();
});

async function expectValid(html: string, context: string) {
  expect(await validator.errors(html), `HTML errors in ${context}`).toEqual([]);
}

async function expectOneTitle(page: Page, context: string): Promise<string> {
  const head = await page.evaluate(() => ({
    // The document's titles: an SVG's own <title> (charts draw one each) names the drawing.
    titles: Array.from(document.querySelectorAll('title'))
      .filter((t) => !t.closest('svg'))
      .map((t) => t.textContent ?? ''),
    descriptions: document.querySelectorAll('meta[name="description"]').length,
  }));
  expect(head.titles, `${context}: one <title>`).toHaveLength(1);
  expect(head.descriptions, `${context}: at most one description`).toBeLessThanOrEqual(1);
  return head.titles[0] ?? '';
}

test('the three checkers catch known faults (they are not silently passing)', async ({ page }) => {
  const faulty =
    '<!doctype html><html lang="en"><head><title>Faulty</title></head><body><main>' +
    '<a type="button" href="/">Home</a><label><div>Name</div><input></label>' +
    '<img src="/favicon.svg"><button></button></main></body></html>';
  const errors = await validator.errors(faulty);
  expect(errors.join('\n')).toContain('Bad value “button” for attribute “type” on element “a”');
  expect(errors.join('\n')).toContain('Element “div” not allowed as child of element “label”');
  await page.setContent(faulty);
  const violations = await aceViolations(page);
  // An image without a text alternative and a button without a name, found by IBM's engine.
  expect(
    violations.some((v) => v.includes('/img[1]')),
    violations.join('\n'),
  ).toBe(true);
  expect(
    violations.some((v) => v.includes('/button[1]')),
    violations.join('\n'),
  ).toBe(true);
  // axe, read twice in one document as a second width is (the engine stays in the page).
  for (let reading = 1; reading <= 2; reading++) {
    const axe = await axeViolations(page);
    expect(axe.map((v) => v.split(' ')[0]).sort(), axe.join('\n')).toEqual([
      'button-name',
      'image-alt',
    ]);
  }
});

const PUBLIC = [
  ...PUBLIC_PAGES,
  '/my-application/sign-in',
  '/my-application/keep',
  '/my-application/check-in',
  // A nominator's confirmation page, an opening alert's confirmation page and the closing
  // event's reply page, opened without their links' tokens.
  '/my-application/nomination',
  '/my-application/opening-alert',
  '/closing-event',
  '/no-such-page',
  // Public verification of a certificate (an unknown id: "No such certificate").
  '/certificates/AAAAAAAAAAAAAAAAAAAAAA',
];

/**
 * The public pages axe checks too, in the same visit: one load of each page for the three
 * checkers (site-a11y.spec.ts keeps the states a visit has to open: an FAQ item, the menu).
 */
const AXE = new Set([...PUBLIC_PAGES, '/no-such-page']);

/**
 * The page at another width, as a person who turns a phone or widens a window sees it: the
 * layout follows the viewport (CSS and the app's breakpoint hooks), then animations settle. Each
 * page is loaded once and checked at both widths: loading it again per width cost as much as the
 * checks and showed nothing more.
 */
async function resizeTo(page: Page, width: number): Promise<void> {
  await page.setViewportSize({ width, height: 900 });
  await page.evaluate(
    () => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))),
  );
  await settled(page);
}

test.describe('public pages', () => {
  for (const path of PUBLIC) {
    test(`${path}: valid HTML served and rendered, no IBM violations`, async ({
      page,
      request,
    }) => {
      await expectValid(await (await request.get(path)).text(), `${path} as served`);
      await page.setViewportSize({ width: 375, height: 900 });
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      // axe on the page as a visitor first sees it, the prerendered HTML before the app loads...
      if (AXE.has(path)) await expectNoAxeViolations(page, `${path} at 375 px`);
      await page.keyboard.press('Tab'); // the app hydrates or takes over on the first key
      await appReady(page);
      await expectOneTitle(page, `${path} at 375 px`);
      await expectNoAceViolations(page, `${path} at 375 px`);
      await resizeTo(page, 1280);
      await expectOneTitle(page, `${path} at 1280 px`);
      await expectValid(await renderedHtml(page), `${path} rendered`);
      await expectNoAceViolations(page, `${path} at 1280 px`);
      // ...and on the app's page, wider (the markup is the same once the app has it).
      if (AXE.has(path)) await expectNoAxeViolations(page, `${path} at 1280 px`);
    });
  }
});

test.describe('admin sign-in', () => {
  test('valid HTML served and rendered, its own title, no IBM violations', async ({
    page,
    request,
  }) => {
    await expectValid(await (await request.get('/admin/login')).text(), 'the app shell');
    await page.setViewportSize({ width: 375, height: 900 });
    await page.goto('/admin/login');
    await expect(page.getByRole('heading', { level: 1, name: 'Admin Login' })).toBeVisible();
    expect(await expectOneTitle(page, 'sign-in')).toBe('Sign in · Bridge Mentorship admin');
    await expectNoAceViolations(page, 'sign-in at 375 px');
    await resizeTo(page, 1280);
    expect(await expectOneTitle(page, 'sign-in')).toBe('Sign in · Bridge Mentorship admin');
    await expectValid(await renderedHtml(page), 'sign-in rendered');
    await expectNoAceViolations(page, 'sign-in at 1280 px');
  });
});

test.describe('admin screens', () => {
  test.use({ storageState: ADMIN_STATE });
  const names = { student: `Kim Board ${Date.now()}`, mentor: `Morgan Guide ${Date.now()}` };
  const ids = { student: '', mentor: '', cohort: '', cohortName: '' };
  test.beforeAll(async () => {
    const token = await tokenFor('admin');
    ids.student = await createStudent(token, { fullName: names.student });
    ids.mentor = await createMentor(token, { fullName: names.mentor });
    const cohort = await seedCohort({ endedDaysAgo: -60 });
    ids.cohort = cohort.id;
    ids.cohortName = cohort.name;
  });

  const screens = () => [
    { path: '/admin/dashboard', h1: 'Admin Dashboard', title: 'Dashboard' },
    { path: '/admin/create-student', h1: 'Create Student', title: 'Create Student' },
    { path: '/admin/create-mentor', h1: 'Create Mentor', title: 'Create Mentor' },
    {
      path: `/admin/students/${ids.student}`,
      h1: names.student,
      title: `${names.student} · Student`,
    },
    { path: `/admin/mentors/${ids.mentor}`, h1: names.mentor, title: `${names.mentor} · Mentor` },
    {
      path: `/admin/edit-student/${ids.student}`,
      h1: 'Edit Student',
      title: `${names.student} · Edit Student`,
    },
    {
      path: `/admin/edit-mentor/${ids.mentor}`,
      h1: 'Edit Mentor',
      title: `${names.mentor} · Edit Mentor`,
    },
    { path: '/admin/create-assignment', h1: 'Create Assignment', title: 'Create Assignment' },
    { path: '/admin/matching', h1: 'Suggest matches', title: 'Suggest matches' },
    { path: '/admin/team', h1: 'Coordinator team', title: 'Coordinator team' },
    { path: '/admin/cohorts', h1: 'Cohorts', title: 'Cohorts' },
    { path: '/admin/pairs', h1: 'Pairs', title: 'Pairs' },
    { path: '/admin/account', h1: 'Your account', title: 'Your account' },
    { path: '/admin/reports', h1: 'Cohort report', title: 'Cohort report' },
    { path: '/admin/interviews', h1: 'Screening interviews', title: 'Interviews' },
    { path: '/admin/guides', h1: 'Session guides', title: 'Session guides' },
    {
      path: `/admin/cohorts/${ids.cohort}/events`,
      h1: `${ids.cohortName}: orientation and closing event`,
      title: `${ids.cohortName}: events · Cohorts`,
    },
  ];

  test('every screen: valid rendered HTML, a title of its own, no IBM violations', async ({
    page,
  }) => {
    test.setTimeout(420_000);
    const titles = new Set<string>();
    for (const [index, screen] of screens().entries()) {
      await page.setViewportSize({ width: 1280, height: 900 });
      if (index === 0) await page.goto(screen.path);
      else {
        // From one screen to the next inside the app, as a coordinator moves: the router takes
        // a history entry and its pop event, instead of starting the admin app again each time.
        await page.evaluate((path) => {
          window.history.pushState(null, '', path);
          window.dispatchEvent(new PopStateEvent('popstate'));
        }, screen.path);
      }
      await expect(page.getByRole('heading', { level: 1, name: screen.h1 })).toBeVisible();
      if (screen.path === '/admin/dashboard') {
        await expect(page.locator('[data-lists-complete="true"]')).toBeAttached();
      }
      const title = await expectOneTitle(page, screen.path);
      expect(title).toBe(`${screen.title} · Bridge Mentorship admin`);
      titles.add(title);
      await expectValid(await renderedHtml(page), `${screen.path} rendered`);
      await expectNoAceViolations(page, `${screen.path} at 1280 px`);
      await resizeTo(page, 375);
      await expect(page.getByRole('heading', { level: 1, name: screen.h1 })).toBeVisible();
      expect(await expectOneTitle(page, `${screen.path} at 375 px`)).toBe(title);
      await expectNoAceViolations(page, `${screen.path} at 375 px`);
    }
    expect(titles.size, 'every admin screen has a title of its own').toBe(screens().length);
  });
});
