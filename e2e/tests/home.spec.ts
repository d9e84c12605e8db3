import { HOME_BLOCKS } from '@velvet/contracts';
import { expect, expectNoBrokenImages, test } from './fixtures';

for (const language of ['de', 'en', 'nl', 'es'] as const) {
  test(`home in ${language} shows every timeline block from the remotes`, async ({ page }) => {
    await page.goto(`/${language}/`);
    await expect(page.locator('html')).toHaveAttribute('lang', language);
    for (const block of HOME_BLOCKS) {
      await expect(page.locator(`[data-widget="home.${block}"]`), `block ${block}`).toBeVisible();
    }
    await expectNoBrokenImages(page);
  });
}

test('the root path is the English start page', async ({ page }) => {
  await page.goto('/');
  await expect(page.locator('[data-widget="home.TOP"]')).toBeVisible();
});
