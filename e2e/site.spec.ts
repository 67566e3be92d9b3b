import { expect, test, type Page } from './fixtures';

/** Every public information page: path, its h1, and the document title it sets. */
const pages = [
  {
    path: '/',
    heading: 'Bridge the gap between campus and career',
    title: /^Bridge Mentorship Program/,
  },
  { path: '/about', heading: 'About the Bridge Mentorship Program', title: /^About \|/ },
  {
    path: '/students',
    heading: 'Get a mentor who has been where you want to go',
    title: /^For Students \|/,
  },
  { path: '/mentors', heading: 'Share what you know. Shape a career.', title: /^For Mentors \|/ },
  { path: '/faq', heading: 'Frequently asked questions', title: /^FAQ \|/ },
  { path: '/contact', heading: 'Get in touch', title: /^Contact \|/ },
  { path: '/privacy', heading: 'Privacy Policy', title: /^Privacy Policy \|/ },
  { path: '/terms', heading: 'Terms of Service', title: /^Terms of Service \|/ },
  { path: '/conduct', heading: 'Code of Conduct', title: /^Code of Conduct \|/ },
  { path: '/accessibility', heading: 'Accessibility', title: /^Accessibility \|/ },
] as const;

/**
 * Opens a page as a visitor does. Prerendered pages work as plain HTML (web/src/app/enhance.ts)
 * and load the React app on the first interaction, so tests may act before or after hydration.
 */
async function visit(page: Page, path: string): Promise<void> {
  await page.goto(path);
}

/** Opens a page and lets the React app hydrate it (it does on the first interaction). */
async function visitHydrated(page: Page, path: string): Promise<void> {
  await page.goto(path);
  await page.mouse.move(5, 5);
  await page.locator('html[data-hydrated]').waitFor({ state: 'attached' });
}

/** The page's entry script, from its HTML. */
async function entryScript(page: Page, path: string): Promise<string> {
  const html = await (await page.request.get(path)).text();
  const src = /<script type="module"[^>]*src="([^"]+)"/.exec(html)?.[1];
  if (!src) throw new Error(`${path} has no entry script`);
  return src;
}

/** Lets only the entry script load: the React app never arrives, the page stays static. */
async function blockApp(page: Page, path: string): Promise<void> {
  const entry = await entryScript(page, path);
  await page.route(/\.js$/, (route) =>
    new URL(route.request().url()).pathname === entry ? route.continue() : route.abort(),
  );
}

const h1 = (page: Page) => page.getByRole('heading', { level: 1 });

test.describe('public pages', () => {
  for (const { path, heading, title } of pages) {
    test(`${path} renders its heading, title, description and the shared layout`, async ({
      page,
    }) => {
      await visit(page, path);
      await expect(h1(page)).toHaveText(heading);
      await expect(page).toHaveTitle(title);
      await expect(page.locator('meta[name="description"]')).toHaveCount(1);
      expect(
        (await page.locator('meta[name="description"]').getAttribute('content'))?.length,
      ).toBeGreaterThan(40);
      await expect(page.getByRole('banner')).toBeVisible();
      await expect(page.getByRole('main')).toBeVisible();
      await expect(page.getByRole('contentinfo')).toContainText(
        '© 2024 Bridge Mentorship Program. All rights reserved.',
      );
    });
  }

  test('legal pages state their last update', async ({ page }) => {
    for (const path of ['/privacy', '/terms', '/conduct', '/accessibility']) {
      await visit(page, path);
      await expect(page.getByText('Last updated December 30, 2024')).toBeVisible();
    }
  });

  test('the pages carry the spec points and mailboxes', async ({ page }) => {
    const expectations: Record<string, (string | RegExp)[]> = {
      '/': [
        '100% Free',
        '4-Month Program',
        'Expert Mentors',
        'Nomination',
        'Matching',
        'Sessions',
        'Recognition',
        'Personalized Matching',
        'Structured Program',
        'Industry Networks',
      ],
      '/about': [
        'Our mission',
        'Our vision',
        'Purpose-Driven',
        'Excellence',
        'Innovation',
        '4-month',
        '100%',
        '1:1',
        '24/7',
      ],
      '/students': [
        'Who can apply',
        'Benefits',
        'Program timeline',
        'Application process',
        'Join our founding cohort',
        "What You'll Gain",
      ],
      '/mentors': [
        'Why mentor with us',
        '3+ years of experience',
        'Strong communication',
        'Leadership (preferred)',
        'Application and screening',
        'Completion and recognition',
      ],
      '/contact': ['hello@bridgementorship.org'],
      '/privacy': ['privacy@bridgementorship.org', 'encrypted', 'United States'],
      '/terms': ['legal@bridgementorship.org', /no money changes hands/],
      '/conduct': [
        'conduct@bridgementorship.org',
        'safety@bridgementorship.org',
        '48 hours',
        '24 hours',
      ],
      '/accessibility': ['accessibility@bridgementorship.org', 'WCAG 2.2', '24 hours'],
    };
    for (const [path, texts] of Object.entries(expectations)) {
      await visit(page, path);
      const main = page.getByRole('main');
      for (const text of texts) await expect(main, `${path}: ${text}`).toContainText(text);
    }
    await visit(page, '/contact');
    await expect(page.getByRole('link', { name: 'hello@bridgementorship.org' })).toHaveAttribute(
      'href',
      'mailto:hello@bridgementorship.org',
    );
  });

  test('/for-mentors lands on /mentors', async ({ page }) => {
    await visit(page, '/for-mentors');
    await expect(page).toHaveURL(/\/mentors$/);
    await expect(h1(page)).toHaveText('Share what you know. Shape a career.');
  });

  test('an unknown path shows the not-found page', async ({ page }) => {
    await visit(page, '/no-such-page');
    await expect(h1(page)).toHaveText('404 Page Not Found');
    await expect(page.getByText('Did you forget to add the page to the router?')).toBeVisible();
    // The prerendered home page served as the SPA fallback must not leak through.
    await expect(page.getByText('Bridge the gap between campus and career')).toHaveCount(0);
  });
});

test.describe('buttons and links go where the spec says', () => {
  const buttons: { path: string; name: string | RegExp; href: string; count?: number }[] = [
    { path: '/', name: 'Apply as Student', href: '/register-student', count: 2 },
    { path: '/', name: 'Become a Mentor', href: '/register-mentor', count: 2 },
    { path: '/students', name: 'Apply Now', href: '/register-student', count: 2 },
    { path: '/students', name: 'Start Application', href: '/register-student' },
    { path: '/students', name: /^Learn More/, href: '/faq', count: 2 },
    { path: '/mentors', name: 'Become a Mentor', href: '/register-mentor' },
    { path: '/mentors', name: 'Apply to Mentor', href: '/register-mentor' },
    { path: '/mentors', name: /^Learn More/, href: '/faq', count: 2 },
    { path: '/faq', name: 'Email Us', href: '/contact' },
  ];
  for (const { path, name, href, count = 1 } of buttons) {
    test(`${path}: "${String(name)}" -> ${href}`, async ({ page }) => {
      await visit(page, path);
      const links = page.getByRole('main').getByRole('link', { name });
      await expect(links).toHaveCount(count);
      for (let i = 0; i < count; i += 1) await expect(links.nth(i)).toHaveAttribute('href', href);
      await links.first().click();
      await expect(page).toHaveURL(new RegExp(`${href}$`));
      await expect(h1(page)).toBeVisible();
    });
  }

  test('"Follow Us" opens the LinkedIn company page in a new tab', async ({ page }) => {
    await visit(page, '/faq');
    const follow = page.getByRole('link', { name: /^Follow Us/ });
    await expect(follow).toHaveAttribute(
      'href',
      'https://www.linkedin.com/company/bridge-mentorship-program',
    );
    await expect(follow).toHaveAttribute('target', '_blank');
    await expect(follow).toHaveAttribute('rel', /noopener/);
  });

  test('header links navigate, mark the current page and move focus to the new heading', async ({
    page,
  }) => {
    await page.setViewportSize({ width: 1280, height: 900 });
    await visitHydrated(page, '/');
    const nav = page.getByRole('navigation', { name: 'Main', exact: true });
    await expect(nav.getByRole('link', { name: 'Home' })).toHaveAttribute('aria-current', 'page');
    const targets = [
      ['About', '/about', 'About the Bridge Mentorship Program'],
      ['For Students', '/students', 'Get a mentor who has been where you want to go'],
      ['For Mentors', '/mentors', 'Share what you know. Shape a career.'],
      ['FAQ', '/faq', 'Frequently asked questions'],
      ['Contact', '/contact', 'Get in touch'],
      ['Home', '/', 'Bridge the gap between campus and career'],
    ] as const;
    for (const [label, path, heading] of targets) {
      await nav.getByRole('link', { name: label }).click();
      await expect(page).toHaveURL(new RegExp(`${path === '/' ? '/' : path}$`));
      await expect(h1(page)).toHaveText(heading);
      await expect(h1(page)).toBeFocused();
      await expect(nav.getByRole('link', { name: label })).toHaveAttribute('aria-current', 'page');
      await expect(nav.locator('[aria-current="page"]')).toHaveCount(1);
    }
  });

  test('footer: columns link to their pages, placeholders are not links', async ({ page }) => {
    await visit(page, '/');
    const footer = page.getByRole('contentinfo');
    const links = {
      About: '/about',
      'For Students': '/students',
      'For Mentors': '/mentors',
      FAQ: '/faq',
      Contact: '/contact',
      'Privacy Policy': '/privacy',
      'Terms of Service': '/terms',
      'Code of Conduct': '/conduct',
      Accessibility: '/accessibility',
    };
    for (const [name, href] of Object.entries(links)) {
      await expect(footer.getByRole('link', { name, exact: true })).toHaveAttribute('href', href);
    }
    await expect(footer.getByRole('link', { name: /LinkedIn/ })).toHaveAttribute(
      'href',
      'https://www.linkedin.com/company/bridge-mentorship-program',
    );
    for (const placeholder of ['Success Stories', 'Help Center', 'Resources', 'Instagram']) {
      await expect(footer.getByText(placeholder)).toBeVisible();
      await expect(footer.getByRole('link', { name: new RegExp(placeholder) })).toHaveCount(0);
    }
    await expect(footer.getByText('Coming soon')).toHaveCount(5);
    await footer.getByRole('link', { name: 'Code of Conduct' }).click();
    await expect(h1(page)).toHaveText('Code of Conduct');
  });
});

test.describe('phone layout', () => {
  test.use({ viewport: { width: 375, height: 740 } });

  test('the drawer opens, navigates, closes on a chosen link and with its close button', async ({
    page,
  }) => {
    await visit(page, '/');
    await expect(page.getByRole('navigation', { name: 'Main', exact: true })).toBeHidden();
    const open = page.getByRole('button', { name: 'Open menu' });
    await open.click();
    const drawer = page.getByRole('dialog', { name: 'Menu' });
    await expect(drawer).toBeVisible();
    await expect(drawer.getByRole('link', { name: 'Home' })).toHaveAttribute(
      'aria-current',
      'page',
    );
    await drawer.getByRole('link', { name: 'FAQ' }).click();
    await expect(drawer).toBeHidden();
    await expect(page).toHaveURL(/\/faq$/);
    await expect(h1(page)).toHaveText('Frequently asked questions');

    await open.click();
    await expect(drawer.getByRole('link', { name: 'FAQ' })).toHaveAttribute('aria-current', 'page');
    await drawer.getByRole('button', { name: 'Close menu' }).click();
    await expect(drawer).toBeHidden();
    await expect(page).toHaveURL(/\/faq$/);

    await open.click();
    await expect(drawer).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(drawer).toBeHidden();
    await expect(open).toBeFocused();
  });
});

test.describe('FAQ', () => {
  for (const mode of ['as static HTML', 'hydrated'] as const) {
    test(`ten questions, one open at a time, and the open one can be closed (${mode})`, async ({
      page,
    }) => {
      if (mode === 'hydrated') {
        await visitHydrated(page, '/faq');
      } else {
        await blockApp(page, '/faq');
        await visit(page, '/faq');
      }
      const main = page.getByRole('main');
      const questions = main.locator('h2 button');
      await expect(questions).toHaveCount(10);
      const first = questions.nth(0);
      const second = questions.nth(1);
      await expect(first).toHaveAttribute('aria-expanded', 'false');

      await first.click();
      await expect(first).toHaveAttribute('aria-expanded', 'true');
      await expect(main.getByText(/Our coordinators read every application/)).toBeVisible();

      await second.click();
      await expect(second).toHaveAttribute('aria-expanded', 'true');
      await expect(first).toHaveAttribute('aria-expanded', 'false');
      await expect(main.getByText(/Our coordinators read every application/)).toBeHidden();
      await expect(main.locator('h2 button[aria-expanded="true"]')).toHaveCount(1);

      await second.click();
      await expect(second).toHaveAttribute('aria-expanded', 'false');
      await expect(main.locator('h2 button[aria-expanded="true"]')).toHaveCount(0);

      // By keyboard too.
      await questions.nth(2).focus();
      await page.keyboard.press('Enter');
      await expect(questions.nth(2)).toHaveAttribute('aria-expanded', 'true');
      await expect(main.getByText(/100% free for students and mentors/)).toBeVisible();
      if (mode === 'as static HTML')
        await expect(page.locator('html[data-hydrated]')).toHaveCount(0);
    });
  }

  test('an answer opened while the app loads stays the one open item after hydration', async ({
    page,
  }) => {
    // Hold the app's scripts back until an item has been opened by the static page's code.
    const entry = await entryScript(page, '/faq');
    let release = () => {};
    const released = new Promise<void>((resolve) => {
      release = resolve;
    });
    await page.route(/\.js$/, async (route) => {
      if (new URL(route.request().url()).pathname !== entry) await released;
      await route.continue();
    });
    await visit(page, '/faq');
    const questions = page.getByRole('main').locator('h2 button');
    await questions.nth(3).click();
    await expect(questions.nth(3)).toHaveAttribute('aria-expanded', 'true');
    await expect(page.locator('html[data-hydrated]')).toHaveCount(0);
    release();
    await page.locator('html[data-hydrated]').waitFor({ state: 'attached' });
    await expect(questions.nth(3)).toHaveAttribute('aria-expanded', 'true');
    await questions.nth(5).click();
    await expect(questions.nth(5)).toHaveAttribute('aria-expanded', 'true');
    await expect(questions.nth(3)).toHaveAttribute('aria-expanded', 'false');
    await expect(page.getByRole('main').locator('h2 button[aria-expanded="true"]')).toHaveCount(1);
    await questions.nth(5).click();
    await expect(page.getByRole('main').locator('h2 button[aria-expanded="true"]')).toHaveCount(0);
  });
});

test.describe('before the app loads', () => {
  test('a prerendered page loads no app code until the visitor interacts', async ({ page }) => {
    const scripts: string[] = [];
    page.on('request', (request) => {
      if (request.resourceType() === 'script') scripts.push(new URL(request.url()).pathname);
    });
    await page.goto('/students', { waitUntil: 'networkidle' });
    expect(scripts).toEqual([await entryScript(page, '/students')]);
    await expect(page.locator('html[data-hydrated]')).toHaveCount(0);
    await page.mouse.move(20, 20);
    await page.locator('html[data-hydrated]').waitFor({ state: 'attached' });
    expect(scripts.length).toBeGreaterThan(1);
  });

  test('the drawer and the links work as plain HTML at phone width', async ({ page }) => {
    await page.setViewportSize({ width: 375, height: 740 });
    await blockApp(page, '/');
    await visit(page, '/');
    const open = page.getByRole('button', { name: 'Open menu' });
    const drawer = page.getByRole('dialog', { name: 'Menu' });
    await open.click();
    await expect(drawer).toBeVisible();
    await expect(drawer.getByRole('link', { name: 'Home' })).toHaveAttribute(
      'aria-current',
      'page',
    );
    await page.keyboard.press('Escape');
    await expect(drawer).toBeHidden();
    await expect(open).toBeFocused();

    await open.click();
    await drawer.getByRole('button', { name: 'Close menu' }).click();
    await expect(drawer).toBeHidden();

    // A click on the backdrop (left of the panel) closes it too.
    await open.click();
    await expect(drawer).toBeVisible();
    await page.mouse.click(10, 400);
    await expect(drawer).toBeHidden();

    await open.click();
    await drawer.getByRole('link', { name: 'For Students' }).click();
    await expect(page).toHaveURL(/\/students$/);
    await expect(h1(page)).toHaveText('Get a mentor who has been where you want to go');
    await expect(drawer).toBeHidden();
    await expect(page.locator('html[data-hydrated]')).toHaveCount(0);
  });
});

test.describe('keyboard', () => {
  test('the header navigation works by keyboard alone', async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 900 });
    await visitHydrated(page, '/');
    const faqLink = page
      .getByRole('navigation', { name: 'Main', exact: true })
      .getByRole('link', { name: 'FAQ' });
    for (let i = 0; i < 12; i += 1) {
      await page.keyboard.press('Tab');
      if (await faqLink.evaluate((el) => el === document.activeElement)) break;
    }
    await expect(faqLink).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/faq$/);
    await expect(h1(page)).toBeFocused();
  });

  test('the drawer works by keyboard at phone width', async ({ page }) => {
    await page.setViewportSize({ width: 375, height: 740 });
    await visit(page, '/');
    const open = page.getByRole('button', { name: 'Open menu' });
    for (let i = 0; i < 6; i += 1) {
      await page.keyboard.press('Tab');
      if (await open.evaluate((el) => el === document.activeElement)) break;
    }
    await expect(open).toBeFocused();
    await page.keyboard.press('Enter');
    const drawer = page.getByRole('dialog', { name: 'Menu' });
    await expect(drawer).toBeVisible();
    const contact = drawer.getByRole('link', { name: 'Contact' });
    for (let i = 0; i < 10; i += 1) {
      if (await contact.evaluate((el) => el === document.activeElement)) break;
      await page.keyboard.press('Tab');
    }
    await expect(contact).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(drawer).toBeHidden();
    await expect(h1(page)).toHaveText('Get in touch');
  });
});
