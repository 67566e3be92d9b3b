import { expect, test } from './fixtures';

// Hosting's security headers (firebase.json) and a page that runs under its CSP.
test('hosting sends the security headers on pages and assets', async ({ request }) => {
  for (const path of ['/', '/faq', '/admin/login']) {
    const res = await request.get(path);
    expect(res.status(), path).toBe(200);
    const headers = res.headers();
    const csp = headers['content-security-policy'] ?? '';
    expect(csp, path).toContain("default-src 'self'");
    expect(csp, path).toContain("script-src 'self'");
    expect(csp, path).toContain("frame-ancestors 'none'");
    expect(csp, path).toContain("object-src 'none'");
    expect(headers['x-content-type-options'], path).toBe('nosniff');
    expect(headers['referrer-policy'], path).toBe('strict-origin-when-cross-origin');
    expect(headers['x-frame-options'], path).toBe('DENY');
  }
});

test.describe('on a phone', () => {
  // Firebase Auth's getAuth() preloads Google's api.js on mobile browsers only.
  test.use({
    userAgent:
      'Mozilla/5.0 (Linux; Android 11; moto g power (2022)) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0.0.0 Mobile Safari/537.36',
  });

  test('public pages and the admin login run without CSP violations or third-party requests', async ({
    page,
  }) => {
    const violations: string[] = [];
    page.on('console', (message) => {
      if (/Content Security Policy|Refused to/i.test(message.text()))
        violations.push(message.text());
    });
    // Everything comes from the site (and, locally, the emulators on this machine): no
    // third-party script or frame (Firebase Auth's getAuth() would fetch apis.google.com/js/api.js).
    const elsewhere: string[] = [];
    page.on('request', (request) => {
      const { protocol, hostname } = new URL(request.url());
      if (/^https?:$/.test(protocol) && hostname !== '127.0.0.1' && hostname !== 'localhost') {
        elsewhere.push(request.url());
      }
    });
    for (const path of ['/', '/register-student', '/admin/login']) {
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
      await page.waitForLoadState('networkidle');
    }
    expect(violations).toEqual([]);
    expect(elsewhere).toEqual([]);
  });
});
