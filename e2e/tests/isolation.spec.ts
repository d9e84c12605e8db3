import { expect, scrollThroughHome, test } from './fixtures';

/** A remote that cannot be loaded leaves a fallback in its place; the rest of the site keeps working. */
test('with mf-feed down, home stays whole and the feed route shows its fallback', async ({ page, expectFailure }) => {
  await page.route('**/remotes/mf-feed/**', (route) => route.fulfill({ status: 503, body: 'down' }));
  expectFailure(/mf-feed|Federation Runtime|RUNTIME-/);
  expectFailure(/Failed to load resource: the server responded with a status of 503/);

  await page.goto('/en/');
  await scrollThroughHome(page);
  await expect(page.locator('[data-widget="home.TOP"]')).toBeVisible();
  await expect(page.locator('[data-widget="home.TV"]')).toBeVisible();
  await expect(page.locator('[data-widget="home.Feed"]')).toHaveCount(0);

  await page.goto('/en/feed/');
  await expect(page.locator('[data-remote-fallback="mf-feed"]')).toBeVisible();
  await expect(page.getByRole('banner')).toBeVisible();

  await page.goto('/en/tv/livestream/');
  await expect(page.locator('[data-remote="mf-tv"]')).toBeVisible();
});
