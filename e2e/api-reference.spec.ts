import type { Page } from '@playwright/test';
import { expect, expectAccessible, test } from './fixtures';

/**
 * Every operation block the reference shows, scrolled from top to bottom: each block's id (one per tag it is
 * listed under) and its method and path.
 */
async function everyOperationShown(page: Page): Promise<{ blocks: number; operations: Set<string> }> {
  const ids = new Set<string>();
  const operations = new Set<string>();
  const collect = async () => {
    const shown = await page.locator('.opblock').evaluateAll((blocks) =>
      blocks.map((block) => ({
        id: block.id,
        method: block.querySelector('.opblock-summary-method')?.textContent?.toLowerCase() ?? '',
        path: block.querySelector('.opblock-summary-path')?.getAttribute('data-path') ?? '',
      })),
    );
    for (const block of shown) {
      ids.add(block.id);
      operations.add(`${block.method} ${block.path}`);
    }
  };
  await page.evaluate(() => window.scrollTo(0, 0));
  for (let step = 0; step < 2000; step++) {
    await collect();
    const atEnd = await page.evaluate(() => {
      window.scrollBy(0, Math.floor(window.innerHeight / 2));
      return window.innerHeight + window.scrollY >= document.documentElement.scrollHeight - 2;
    });
    // The virtual list renders what the new scroll position shows on its next frame.
    await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
    if (atEnd) break;
  }
  await collect();
  return { blocks: ids.size, operations };
}

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
  const operations = Object.entries(document.paths).flatMap(([path, methods]) =>
    Object.entries(methods).map(([method, operation]) => ({ key: `${method} ${path}`, tags: operation.tags ?? [] })),
  );
  expect(operations.length).toBeGreaterThan(40);
  // The page lists an operation under each of its tags (a loan's schedule: servicing and portfolio). From 150
  // tags and operations on, Swagger UI renders only those near the viewport (a virtual list): the page is read
  // by scrolling it from top to bottom, as a reader does.
  const listed = operations.reduce((n, operation) => n + Math.max(1, operation.tags.length), 0);
  const seen = await everyOperationShown(page);
  expect(seen.blocks).toBe(listed);
  expect([...seen.operations].sort()).toEqual(operations.map((operation) => operation.key).sort());
  await page.evaluate(() => window.scrollTo(0, 0));

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
