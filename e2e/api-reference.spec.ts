import { expect, expectAccessible, test } from './fixtures';

/**
 * The published contract (ADR 0026): the reference page at /api/docs, served by the app itself,
 * renders the document of /api/openapi.json, works with the keyboard and passes axe in each state it reaches.
 */
test('the API reference renders every operation, opens one from the keyboard, and passes axe', async ({ page }) => {
  // Sixty-odd operations with their schemas (two-factor sign-in added a dozen): axe takes its time on the page.
  test.setTimeout(120_000);
  const requested: string[] = [];
  page.on('request', (request) => requested.push(request.url()));
  const answer = await page.goto('/api/docs');
  expect(answer!.headers()['content-security-policy']).toContain("default-src 'self'");
  // The reference renders its whole document in the browser before its first heading: with the browser
  // stories in two shards on two cores (ADR 0048), that took more than the 10 s a screen of the app is given.
  await expect(page.getByRole('heading', { name: /Atrium API/ })).toBeVisible({ timeout: 60_000 });
  await expectAccessible(page);

  // Every path of the published document is on the page.
  const document = (await (await page.request.get('/api/openapi.json')).json()) as {
    paths: Record<string, Record<string, { tags?: string[] }>>;
  };
  const operations = Object.values(document.paths).flatMap((path) => Object.values(path));
  expect(operations.length).toBeGreaterThan(40);
  // The page lists an operation under each of its tags (a loan's schedule: servicing and portfolio).
  const listed = operations.reduce((n: number, operation) => n + Math.max(1, operation.tags?.length ?? 0), 0);
  await expect(page.locator('.opblock')).toHaveCount(listed);

  // Opened from the keyboard: its parameters and documented answers show.
  const signIn = page.getByRole('button', { name: /POST \/api\/sign_in(?!\/)/ });
  await signIn.focus();
  await page.keyboard.press('Enter');
  await expect(signIn).toHaveAttribute('aria-expanded', 'true');
  const opened = page.locator('.opblock.is-open');
  await expect(opened.getByRole('heading', { name: 'Request body' })).toBeVisible();
  await expect(opened.getByRole('heading', { name: 'Responses' })).toBeVisible();
  await expect(opened.locator('.response').filter({ hasText: '422' })).toHaveCount(1);
  await expectAccessible(page);
  // Nothing is fetched from anywhere but the app itself.
  const origin = new URL(page.url()).origin;
  expect(requested.filter((url) => !url.startsWith(origin) && !url.startsWith('data:'))).toEqual([]);
});
