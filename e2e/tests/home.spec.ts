import { HOME_BLOCKS } from '@velvet/contracts';
import { expect, expectNoBrokenImages, scrollThroughHome, test } from './fixtures';

for (const language of ['de', 'en', 'nl', 'es'] as const) {
  test(`home in ${language} shows every timeline block from the remotes`, async ({ page }) => {
    await page.goto(`/${language}/`);
    await expect(page.locator('html')).toHaveAttribute('lang', language);
    await scrollThroughHome(page);
    for (const block of HOME_BLOCKS) {
      await expect(page.locator(`[data-widget="home.${block}"]`), `block ${block}`).toBeVisible();
    }
    await expectNoBrokenImages(page);
  });
}

test('the root path is the English start page, also for a visitor who read another language before', async ({
  page,
}) => {
  await page.goto('/');
  await expect(page.locator('[data-widget="home.TOP"]')).toBeVisible();
  await page.goto('/de/');
  await expect(page.getByTestId('navbar').getByRole('button', { name: 'Einloggen' })).toBeVisible();
  await page.goto('/');
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  await expect(page.getByTestId('navbar').getByRole('button', { name: 'Log in' })).toBeVisible();
});

test('home loads the remotes of blocks below the screen only when the visitor scrolls to them', async ({ page }) => {
  const tvRequests: string[] = [];
  page.on('request', (request) => {
    if (request.url().includes('/remotes/mf-tv/')) tvRequests.push(request.url());
  });
  await page.goto('/en/');
  await expect(page.locator('[data-widget="home.TOP"]')).toBeVisible();
  // TV is the last block, screens below the first: nothing of mf-tv has loaded.
  await expect(page.locator('[data-home-block="TV"]')).toHaveAttribute('aria-busy', 'true');
  expect(tvRequests).toEqual([]);
  await page.locator('[data-home-block="TV"]').scrollIntoViewIfNeeded();
  await expect(page.locator('[data-widget="home.TV"]')).toBeVisible();
  expect(tvRequests.length).toBeGreaterThan(0);
});

test('on a phone, blocks under the first screen load only once the visitor scrolls, then ahead of her', async ({
  page,
}) => {
  const screenHeight = 823;
  await page.setViewportSize({ width: 412, height: screenHeight });
  await page.goto('/en/', { waitUntil: 'networkidle' });
  // The first block still waiting starts under the screen, within the distance blocks load ahead once she scrolls.
  const waiting = page.locator('[data-home-block][aria-busy="true"]').first();
  const top = await waiting.evaluate((block) => block.getBoundingClientRect().top);
  expect(top).toBeGreaterThan(screenHeight);
  expect(top).toBeLessThan(screenHeight + 600);
  const block = await waiting.getAttribute('data-home-block');
  await page.mouse.wheel(0, 100);
  await expect(page.locator(`[data-widget="home.${block}"]`)).toBeVisible();
});
