import { expect, expectNoBrokenImages, test } from './fixtures';

/** One route of each remote, as an anonymous visitor would open it. */
const ROUTE_OF_REMOTE = {
  'mf-chat': '/en/new-girls/',
  'mf-media': '/en/videos/all-videos/',
  'mf-messenger': '/en/messenger/',
  'mf-tv': '/en/tv/livestream/',
  'mf-feed': '/en/feed/',
  'mf-specials': '/en/daily-deals/',
  'mf-account': '/en/vipclub/',
};

for (const [remote, path] of Object.entries(ROUTE_OF_REMOTE)) {
  test(`${remote} mounts at ${path}`, async ({ page }) => {
    await page.goto(path);
    const root = page.locator(`[data-remote="${remote}"]`);
    await expect(root).toBeVisible();
    await expect(root).not.toBeEmpty();
    await expect(root.locator('[role="alert"]')).toHaveCount(0);
    await expectNoBrokenImages(page);
  });
}

test('switching the language keeps the route and changes the slugs', async ({ page }) => {
  await page.goto('/en/new-girls/');
  await expect(page.locator('[data-remote="mf-chat"]')).toBeVisible();
  await page.getByRole('navigation', { name: 'Language' }).getByRole('link', { name: 'DE' }).click();
  await expect(page).toHaveURL(/\/de\/neue-girls\/$/);
  await expect(page.locator('html')).toHaveAttribute('lang', 'de');
  await expect(page.locator('[data-remote="mf-chat"]')).toBeVisible();
});

test('a performer profile opens from a list and its URL is lower-cased', async ({ page }) => {
  await page.goto('/en/cams/');
  const firstActor = page.locator('[data-remote="mf-chat"] a[href*="/en/amateur/"]').first();
  await firstActor.click();
  await expect(page).toHaveURL(/\/en\/amateur\/[a-z0-9-]+\/$/);
  await expect(page.locator('[data-remote="mf-chat"]')).toBeVisible();
});

test("the navbar's menus come from the remotes' descriptors, labelled in the page's language", async ({ page }) => {
  await page.goto('/es/');
  const navbar = page.getByTestId('navbar');
  // A menu is a <details>, its title the <summary>.
  await navbar.locator('summary', { hasText: 'Cams en vivo' }).click();
  await navbar.getByRole('link', { name: 'Chicas nuevas' }).click();
  await expect(page).toHaveURL(/\/es\/chicas-nuevas\/$/);
  await expect(page.locator('[data-remote="mf-chat"]')).toBeVisible();
  await expect(navbar.getByRole('link', { name: 'Feed', exact: true })).toHaveAttribute('href', '/es/feed/');
});
