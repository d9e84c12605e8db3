import type { Locator } from '@playwright/test';
import { expect, test } from './fixtures';

/** Where the parts of the bar are: the guest's corner must not move them when it fills in. */
async function barLayout(navbar: Locator) {
  return {
    bar: await navbar.boundingBox(),
    languages: await navbar.locator('.vv-nav__languages').boundingBox(),
    guest: await navbar.locator('.vv-nav__guest').boundingBox(),
  };
}

for (const viewport of [
  { width: 1280, height: 800 },
  { width: 412, height: 823 },
]) {
  test.describe(`navbar at ${viewport.width} px`, () => {
    test.use({ viewport });

    test('the guest’s name and balance take the login buttons’ place without moving the bar', async ({ page }) => {
      await page.goto('/de/');
      const navbar = page.getByTestId('navbar');
      await expect(navbar.getByRole('button', { name: 'Einloggen' })).toBeVisible();
      const visitor = await barLayout(navbar);
      await navbar.getByRole('button', { name: 'Einloggen' }).click();
      const login = page.getByTestId('login-form');
      await login.getByLabel('E-Mail').fill('demo@velvet.test');
      await login.getByLabel('Passwort').fill('velvet-demo');
      await login.getByRole('button', { name: 'Einloggen' }).click();
      await expect(navbar.getByTestId('navbar-balance')).toBeVisible();
      expect(await barLayout(navbar)).toEqual(visitor);
    });
  });
}

test('the menus are disclosures: one open at a time, Escape closes, their links lead to the page', async ({ page }) => {
  await page.goto('/en/');
  const navbar = page.getByTestId('navbar');
  // The shell's styles are a file in the head, which the policy allows (the fixture fails on a refusal); the
  // remotes' runtimes add their own files beside it.
  await expect(page.locator('head link[rel=stylesheet][href^="/shell/"]')).toHaveAttribute(
    'href',
    /^\/shell\/shell\.[0-9a-f]{8}\.css/,
  );
  const specials = navbar.locator('summary', { hasText: 'Specials' });
  const open = navbar.locator('details[open] > .vv-nav__submenu');
  await specials.click();
  await expect(open.getByRole('link', { name: 'Contests' })).toBeVisible();
  await navbar.locator('summary', { hasText: 'Videos' }).click();
  await expect(open).toHaveCount(1);
  await expect(open.getByRole('link', { name: 'Contests' })).toHaveCount(0);
  await page.keyboard.press('Escape');
  await expect(open).toHaveCount(0);

  await specials.focus();
  await page.keyboard.press('Enter');
  await open.getByRole('link', { name: 'Contests' }).click();
  await expect(page).toHaveURL(/\/en\/contests\/$/);
  await expect(open).toHaveCount(0);
});

test.describe('navbar on a phone', () => {
  test.use({ viewport: { width: 412, height: 823 } });

  test('the menus fold into the mobile menu the burger opens', async ({ page }) => {
    await page.goto('/en/');
    const navbar = page.getByTestId('navbar');
    const menus = navbar.getByRole('navigation', { name: 'Main navigation' });
    await expect(menus).toBeHidden();
    await navbar.locator('.vv-nav__burger > summary').click();
    await expect(menus).toBeVisible();
    await menus.locator('summary', { hasText: 'Specials' }).click();
    await expect(
      menus.locator('details[open] > .vv-nav__submenu').getByRole('link', { name: 'Contests' }),
    ).toBeVisible();
  });
});
