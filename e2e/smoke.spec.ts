import { expect, test } from './fixtures';

test('the home page renders from the hosting emulator and the API answers health', async ({
  page,
  request,
}) => {
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Apply as Student' }).first()).toHaveAttribute(
    'href',
    '/register-student',
  );
  const health = await request.get('/api/health');
  expect(health.status()).toBe(200);
  expect(await health.json()).toEqual({ ok: true });
});
