import type { Locator, Page } from '@playwright/test';
import { expect, signUp, test } from './fixtures';

/**
 * TV episodes really play on demand in Chromium: the picture advances, seeking moves it, and the episode goes on
 * where the viewer stopped after a reload: a visitor's position kept by the browser (German), a logged-in guest's
 * by the server (Spanish).
 */

// A stream start, a seek and a second start after the reload: more than the default on a busy machine.
test.setTimeout(120_000);

const currentTime = (player: Locator) =>
  player.locator('video').evaluate((element: HTMLVideoElement) => element.currentTime);

/** Waits until the player plays and its video's time has advanced by `seconds` from where it was. */
async function expectAdvancing(player: Locator, seconds = 1) {
  await expect(player).toHaveAttribute('data-state', 'playing', { timeout: 30_000 });
  const first = await currentTime(player);
  await expect
    .poll(async () => (await currentTime(player)) - first, { timeout: 30_000 })
    .toBeGreaterThanOrEqual(seconds);
}

/** Opens the newest episode of a series from the series page, as a viewer would. */
async function openEpisode(page: Page, seriesUrl: string, latest: string) {
  await page.goto(seriesUrl);
  const episode = page.getByRole('list', { name: latest }).getByRole('link').first();
  const title = await episode.innerText();
  await episode.click();
  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
  return page.getByTestId('live-player');
}

test("an episode is named in the page's language: in its series' list, on its page and in the page's head", async ({
  page,
}) => {
  await page.goto('/de/tv/mediathek/velvet-nights/');
  const link = page.getByRole('list', { name: 'Neueste Folgen' }).getByRole('link').first();
  const german = await link.innerText();
  const path = (await link.getAttribute('href'))!;
  await page.goto(path);
  await expect(page.getByRole('heading', { level: 1, name: german })).toBeVisible();
  expect(await page.title()).toContain(german);
  await page.goto(path.replace(/^\/de\//, '/en/'));
  const english = await page.getByRole('heading', { level: 1 }).innerText();
  // The same series and number, and its own word.
  expect(english.split(':')[0]).toBe(german.split(':')[0]);
  expect(english).not.toBe(german);
});

test('an episode plays on demand, seeks, and goes on where a visitor stopped after a reload (de)', async ({ page }) => {
  const player = await openEpisode(page, '/de/tv/mediathek/velvet-nights/', 'Neueste Folgen');
  await expect(player).toHaveAttribute('aria-label', 'Video');
  await expectAdvancing(player);
  expect(await currentTime(player)).toBeLessThan(60);

  await player.getByRole('slider', { name: 'Position im Video' }).fill('600');
  await expect.poll(() => currentTime(player), { timeout: 30_000 }).toBeGreaterThanOrEqual(600);
  await expectAdvancing(player);
  // The browser keeps where the visitor is (after the seek, then every few seconds of playing).
  await expect
    .poll(() =>
      page.evaluate(() => Object.entries(localStorage).find(([key]) => key.startsWith('velvet.tv.position.'))),
    )
    .toEqual([expect.stringMatching(/^velvet\.tv\.position\.\d+$/), expect.stringMatching(/^6\d\d$/)]);

  await page.reload();
  await expect(player).toHaveAttribute('data-state', 'playing', { timeout: 30_000 });
  expect(await currentTime(player)).toBeGreaterThanOrEqual(600);
  await expectAdvancing(player);
});

test("a logged-in guest's episode seeks by keys and goes on where the server kept it after a reload (es)", async ({
  page,
}) => {
  await signUp(page, 'Mediateca');
  const player = await openEpisode(page, '/es/tv/mediateca/velvet-nights/', 'Últimos episodios');
  await expect(player).toHaveAttribute('aria-label', 'Vídeo');
  await expectAdvancing(player);

  await player.getByRole('slider', { name: 'Posición en el vídeo' }).fill('300');
  await expect.poll(() => currentTime(player), { timeout: 30_000 }).toBeGreaterThanOrEqual(300);
  await player.focus();
  await player.press('ArrowRight');
  await expect.poll(() => currentTime(player), { timeout: 30_000 }).toBeGreaterThanOrEqual(310);
  await expectAdvancing(player);

  // Pausing saves the position on the server.
  const saved = page.waitForResponse(
    (response) => response.request().method() === 'PUT' && /\/tv\/video\/\d+\/position(\?|$)/.test(response.url()),
  );
  await player.press(' ');
  await expect(player).toHaveAttribute('data-state', 'paused');
  const body = (await (await saved).json()) as { seconds: number };
  expect(body.seconds).toBeGreaterThanOrEqual(310);

  await page.reload();
  await expect(player).toHaveAttribute('data-state', 'playing', { timeout: 30_000 });
  expect(await currentTime(player)).toBeGreaterThanOrEqual(body.seconds);
  expect(await page.evaluate(() => Object.keys(localStorage).filter((key) => key.includes('tv.position')))).toEqual([]);
});
