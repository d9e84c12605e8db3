import { expect, test } from './fixtures';

// The shell's own behaviours: the cookie banner a new visitor answers (and may change later), the install prompt
// and its 7-day dismissal, the navbar's blocking menus with the page locked under the mobile menu, and the way back
// to where the visitor left a page.

const WEEK_SECONDS = 7 * 24 * 3600;

test.describe('a visitor who has not chosen yet', () => {
  test.use({ decided: null });

  test('answers the cookie banner after hydration, over the page, and can change her mind later', async ({ page }) => {
    await page.goto('/en/');
    const banner = page.getByTestId('cookie-consent');
    await expect(banner).toBeVisible();
    // An overlay at the bottom of the screen: the page under it keeps its place.
    expect(await banner.evaluate((element) => getComputedStyle(element.parentElement!).position)).toBe('fixed');
    await banner.getByRole('button', { name: 'Necessary only' }).click();
    await expect(banner).toBeHidden();
    const cookie = (await page.context().cookies()).find((c) => c.name === 'cookiebanner-accepted');
    expect(cookie?.value).toBe('necessary');

    await page.reload();
    await expect(page.getByTestId('navbar')).toBeVisible();
    await expect(banner).toBeHidden();
    await page.getByRole('button', { name: 'Cookie settings' }).click();
    await expect(banner.getByRole('checkbox', { name: 'Functional' })).not.toBeChecked();
    await banner.getByRole('checkbox', { name: 'Functional' }).check();
    await banner.getByRole('button', { name: 'Save selection' }).click();
    await expect(banner).toBeHidden();
    const changed = (await page.context().cookies()).find((c) => c.name === 'cookiebanner-accepted');
    expect(changed?.value).toBe('necessary.functional');
  });
});

test('the site is installable, and the install prompt stays away for 7 days after "not now"', async ({
  page,
  context,
}) => {
  await context.clearCookies({ name: 'hbip' });
  await page.goto('/de/');
  const manifest = await page.request.get((await page.locator('link[rel=manifest]').getAttribute('href')) ?? 'missing');
  expect(manifest.ok()).toBe(true);
  expect((await manifest.json()).display).toBe('standalone');

  const offer = () =>
    page.evaluate(() => {
      const event = new Event('beforeinstallprompt', { cancelable: true });
      Object.assign(event, { prompt: async () => undefined, userChoice: Promise.resolve({ outcome: 'dismissed' }) });
      window.dispatchEvent(event);
      return event.defaultPrevented;
    });
  expect(await offer()).toBe(true);
  const prompt = page.getByTestId('install-prompt');
  await expect(prompt).toContainText('Velvet');
  const before = Date.now() / 1000;
  await prompt.getByRole('button', { name: 'Nicht jetzt' }).click();
  await expect(prompt).toBeHidden();
  const dismissed = (await context.cookies()).find((c) => c.name === 'hbip');
  expect(dismissed!.expires - before).toBeGreaterThan(WEEK_SECONDS - 60);
  expect(dismissed!.expires - before).toBeLessThan(WEEK_SECONDS + 60);

  await page.reload();
  await offer();
  // Two renders of the overlays after the offer (the cookie settings opened and saved): it is not shown.
  await page.getByRole('button', { name: 'Cookie-Einstellungen' }).click();
  await page.getByTestId('cookie-consent').getByRole('button', { name: 'Auswahl speichern' }).click();
  await expect(page.getByTestId('cookie-consent')).toBeHidden();
  await expect(prompt).toHaveCount(0);
});

test.describe('on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('the mobile menu locks the page behind it, and a tap beside it only closes it', async ({ page }) => {
    await page.goto('/en/');
    const navbar = page.getByTestId('navbar');
    await navbar.locator('.vv-nav__burger > summary').click();
    await expect(navbar.getByRole('navigation', { name: 'Main navigation' })).toBeVisible();
    await expect(page.locator('html.vv-scroll-locked')).toHaveCount(1);
    const url = page.url();
    await page.getByTestId('menu-backdrop').click({ position: { x: 200, y: 700 } });
    await expect(navbar.getByRole('navigation', { name: 'Main navigation' })).toBeHidden();
    await expect(page.locator('html.vv-scroll-locked')).toHaveCount(0);
    expect(page.url()).toBe(url);
  });
});
