import type { Page } from '@playwright/test';
import { INCENTIVE_BLOCK_COOKIE, INCENTIVE_BLOCK_DAYS } from '@velvet/contracts';
import { expect, test } from './fixtures';

// The demo's exit-intent incentive: it shows when the pointer leaves the page through its top edge, and once
// closed its group stays away, on reload too (the browser's block cookie and the server's record), in each language.

/** The route's incentives have arrived (they load after hydration). */
const incentivesLoaded = (page: Page) =>
  page.waitForResponse((response) => response.url().includes('/rest/v1/conversion/getPageLoadIncentives'));

/** The pointer leaves the page through the top of the window, towards the tabs. */
const leaveThroughTop = (page: Page) =>
  page.evaluate(() =>
    document.documentElement.dispatchEvent(
      new MouseEvent('mouseout', { clientY: 0, clientX: 200, relatedTarget: null, bubbles: true }),
    ),
  );

for (const { language, title, close } of [
  { language: 'de', title: 'Schon gehen?', close: 'Angebot schließen' },
  { language: 'es', title: '¿Ya te vas?', close: 'Cerrar la oferta' },
]) {
  test(`an exit-intent incentive shows, and closed stays away on reload (${language})`, async ({ page }) => {
    const loaded = incentivesLoaded(page);
    await page.goto(`/${language}/`);
    expect((await (await loaded).json()).data.incentives).toEqual([
      expect.objectContaining({ region: 'exitIntent', uniqueGroup: 'welcome-coupon', title }),
    ]);
    const dialog = page.getByRole('dialog', { name: title });
    await expect(dialog).toBeHidden();
    const main = page.locator('main');
    const before = await main.boundingBox();
    await leaveThroughTop(page);
    await expect(dialog).toBeVisible();
    // A fixed overlay over the page, which moves nothing under it.
    expect(await main.boundingBox()).toEqual(before);
    expect(
      await page.getByTestId('incentive-exitIntent').evaluate((element) => getComputedStyle(element).position),
    ).toBe('fixed');

    // Closing sends closeIncentive and, once the server took it, loads the route's incentives again: both answers
    // are awaited here, so the reload below waits for its own page's answer and not for this one.
    const closed = page.waitForResponse((response) => response.url().includes('/rest/v1/conversion/closeIncentive'));
    const reloadedAfterClose = incentivesLoaded(page);
    await dialog.getByRole('button', { name: close }).click();
    await expect(dialog).toBeHidden();
    expect((await closed).status()).toBe(200);
    expect((await (await reloadedAfterClose).json()).data.incentives).toEqual([]);
    const cookie = (await page.context().cookies()).find((c) => c.name === INCENTIVE_BLOCK_COOKIE);
    expect(cookie?.value).toBe('welcome-coupon');
    expect(cookie!.expires * 1000 - Date.now()).toBeGreaterThan((INCENTIVE_BLOCK_DAYS - 1) * 24 * 3600 * 1000);

    // The server no longer offers it to this guest, whatever the browser keeps: without the block cookie the
    // reloaded page still shows nothing when the pointer leaves.
    await page.context().clearCookies({ name: INCENTIVE_BLOCK_COOKIE });
    const again = incentivesLoaded(page);
    await page.reload();
    expect((await (await again).json()).data.incentives).toEqual([]);
    await leaveThroughTop(page);
    await expect(page.getByTestId('incentive-exitIntent')).toHaveCount(0);
  });
}
