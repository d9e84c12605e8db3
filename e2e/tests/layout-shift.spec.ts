import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';

/**
 * Pages are rendered on the server for every visitor alike; a logged-in guest's own parts (sidebar, favourites,
 * the comment form, ...) fill in after hydration. They must hold their place meanwhile: the cumulative layout
 * shift (Chromium's layout-shift entries without recent input) stays within 0.02 once the page is hydrated and
 * the guest's data has arrived.
 */
const CLS_BUDGET = 0.02;

declare global {
  interface Window {
    velvetLayoutShifts: { value: number; sources: string[] }[];
  }
}

/** Records every layout shift of each page the context opens, from its first paint on. */
async function recordShifts(page: Page) {
  await page.addInitScript(() => {
    window.velvetLayoutShifts = [];
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as (PerformanceEntry & {
        value: number;
        hadRecentInput: boolean;
        sources: { node?: Node | null }[];
      })[]) {
        if (entry.hadRecentInput) continue;
        const sources = entry.sources.map(({ node }) =>
          node instanceof Element ? `${node.tagName.toLowerCase()}.${[...node.classList].join('.')}` : String(node),
        );
        window.velvetLayoutShifts.push({ value: entry.value, sources });
      }
    }).observe({ type: 'layout-shift', buffered: true });
  });
}

/** The shifts recorded so far, once the browser has rendered two more frames (a shift is reported after its frame). */
async function layoutShifts(page: Page) {
  return page.evaluate(async () => {
    for (let frame = 0; frame < 2; frame++) await new Promise((resolve) => requestAnimationFrame(resolve));
    return window.velvetLayoutShifts;
  });
}

async function expectStable(page: Page, name: string) {
  const shifts = await layoutShifts(page);
  const cls = shifts.reduce((sum, shift) => sum + shift.value, 0);
  expect(cls, `${name}: layout shifts ${JSON.stringify(shifts)}`).toBeLessThanOrEqual(CLS_BUDGET);
}

for (const viewport of [
  { name: 'desktop', size: { width: 1280, height: 800 } },
  { name: 'phone', size: { width: 412, height: 823 } },
]) {
  test(`${viewport.name}: a logged-in guest's own parts fill in without moving the page`, async ({ page }) => {
    await page.setViewportSize(viewport.size);
    await recordShifts(page);
    await page.goto('/en/');
    await page.getByTestId('navbar').getByRole('button', { name: 'Log in' }).click();
    const login = page.getByTestId('login-form');
    await login.getByLabel('Email').fill('demo@velvet.test');
    await login.getByLabel('Password').fill('velvet-demo');
    await login.getByRole('button', { name: 'Log in' }).click();
    await expect(login).toBeHidden();
    // The guest's sidebar has its counts: every personal part of the layout has its data.
    const sidebarReady = () => expect(page.getByTestId('sidebar-pinnedFavorites')).toBeVisible();

    await page.goto('/en/');
    await sidebarReady();
    const favorites = page.locator('[data-home-block="Favorite"]');
    await expect(
      favorites.locator('.vv-tile-grid[aria-label="Your favourites"], .vv-state--empty').first(),
    ).toBeVisible();
    await expectStable(page, 'home');

    await page.goto('/en/amateur/lovesabrina/');
    await sidebarReady();
    await expectStable(page, 'profile');

    await page.goto('/en/amateur/lovesabrina/pictures/1/');
    await sidebarReady();
    await expect(page.locator('.mf-media-comments h2')).toBeVisible();
    await expectStable(page, 'album');
  });
}
