import type { Page } from '@playwright/test';
import { ZIP_LENGTH } from '@velvet/contracts';
import { expect, expectNoBrokenImages, shellReady, test } from './fixtures';

/**
 * The performers of the live cam site: found through the actor search, her profile with the chat button, the
 * distances of the zip search, and online state arriving live over the socket.
 */

const searchResults = (page: Page) => page.getByRole('list', { name: 'Search results' });

test('finds an online performer by mood and a filter, opens her profile and follows the chat button', async ({
  page,
}) => {
  // The answers echo what was asked: request id, mood and conditions.
  const searches: { moodValue: string; requestId: number; noResult: boolean; conditions: object }[] = [];
  page.on('response', async (response) => {
    if (response.url().includes('/rest/v1/actorsearch/search')) searches.push(await response.json());
  });
  await page.goto('/en/cams/');
  await expect(page.getByRole('heading', { level: 1, name: 'Live cams' })).toBeVisible();
  // An online performer with a paid chat: her card's chat button shows a price per minute.
  const paid = searchResults(page)
    .locator('[data-online="true"]')
    .filter({ has: page.locator('.vv-price__unit') })
    .first();
  await expect(paid).toBeVisible();
  const displayName = (await paid.locator('.vv-tile__title').textContent())!;
  const actorName = displayName.toLowerCase();

  await page
    .getByRole('searchbox', { name: 'What are you in the mood for?' })
    .pressSequentially(displayName.slice(0, 5), { delay: 80 });
  await page.getByRole('checkbox', { name: 'Online only' }).check();
  await expect(page.getByRole('list', { name: 'Active filters' })).toContainText('Online only');
  const mood = displayName.slice(0, 5);
  await expect
    .poll(() => searches.at(-1))
    .toMatchObject({ moodValue: mood, conditions: { onlineOnly: true }, noResult: false });
  const card = searchResults(page).locator('article', {
    has: page.getByRole('heading', { name: displayName, exact: true }),
  });
  await expect(card).toHaveAttribute('data-online', 'true');
  await expect(page.getByRole('status').filter({ hasText: /performers? found/ })).toBeVisible();
  // Every search has a rising request id; the debounced mood sent what was typed, once.
  const ids = searches.map((search) => search.requestId);
  expect(ids).toEqual([...ids].sort((a, b) => a - b));
  expect(searches.filter((search) => search.moodValue !== '' && search.moodValue !== mood)).toEqual([]);
  await expectNoBrokenImages(page);

  await card.locator('a.vv-tile__link').click();
  await expect(page).toHaveURL(`/en/amateur/${actorName}/`);
  await expect(page.getByRole('heading', { level: 1, name: displayName })).toBeVisible();
  // Her chat button: its name is the visible label with her name read out after it (Chromium puts a space
  // before the hidden part, so the name is matched by its start and her name).
  const chat = page.getByRole('link', { name: /^Chat now\b/ }).filter({ hasText: displayName });
  await expect(chat).toContainText(/\d+([.,]\d+)?\s?VXC\/min/);
  await chat.click();
  await expect(page).toHaveURL(`/en/amateur/${actorName}/chat/`);
  await expect(page.getByRole('heading', { level: 1, name: `Chat with ${displayName}` })).toBeVisible();
});

test('searches near a zip only once it has 5 digits and shows the distances', async ({ page }) => {
  const lookups: string[] = [];
  page.on('request', (request) => {
    const match = /\/utility\/getGeoLocationByZip\/([^/?]+)/.exec(request.url());
    if (match) lookups.push(match[1]!);
  });
  await page.goto('/en/cams/');
  await expect(searchResults(page)).toBeVisible();
  await page.getByRole('button', { name: 'Near me' }).click();
  const zip = page.getByRole('textbox', { name: 'Your zip code' });
  await zip.fill('1011');
  await expect(page.getByText(`Enter ${ZIP_LENGTH} characters to search near you.`)).toBeVisible();
  await zip.fill('10115');
  await expect(page.getByText('Searching around 10115 Berlin')).toBeVisible();
  expect(lookups).toEqual(['10115']);
  const distances = searchResults(page).locator('[data-distance]');
  await expect(distances.first()).toHaveText(/^\d+ km$/);
  const kilometres = (await distances.allTextContents()).map((text) => Number.parseInt(text, 10));
  // Sorted by distance, the location search's default.
  expect(kilometres).toEqual([...kilometres].sort((a, b) => a - b));
  await expect(page.getByRole('combobox', { name: 'Sort by' })).toHaveValue('distance');
});

test('a performer going on or off line changes her badge live', async ({ context }) => {
  // Performers follow their daily online windows; the test server's demo day lasts 4 hours (DEMO_DAY_MINUTES in
  // playwright.config.ts), so a change comes about every half minute.
  test.setTimeout(6 * 60_000);
  const pushes: { type: string; actorId: number }[] = [];
  // Every performer is in the default category: its pages, one per tab, show them all.
  const first = await context.newPage();
  first.on('websocket', (socket) =>
    socket.on('framereceived', ({ payload }) => {
      const message = JSON.parse(String(payload)) as { type: string; actorId: number };
      if (message.type === 'actorOnline' || message.type === 'actorOffline') pushes.push(message);
    }),
  );
  // Pages of the context are not the fixture's page: each is used once the shell has taken it over.
  await first.goto('/en/categories/amateurs/');
  await shellReady(first);
  await expect(first.getByRole('heading', { level: 1, name: 'Amateurs' })).toBeVisible();
  const lastPage = Number(
    (await first.getByRole('navigation', { name: 'Pages' }).getByRole('button').allTextContents())
      .map(Number)
      .filter(Number.isFinite)
      .at(-1) ?? 1,
  );
  const tabs = [first];
  for (let number = 2; number <= lastPage; number++) {
    const tab = await context.newPage();
    await tab.goto('/en/categories/amateurs/');
    await shellReady(tab);
    await tab.getByRole('button', { name: `Page ${number}` }).click();
    await expect(tab.getByRole('button', { name: `Page ${number}` })).toHaveAttribute('aria-current', 'page');
    tabs.push(tab);
  }
  const before = new Map<string, string>();
  for (const tab of tabs) {
    await expect(tab.locator('[data-actor-id]').first()).toBeVisible();
    for (const tile of await tab.locator('[data-actor-id]').all()) {
      before.set((await tile.getAttribute('data-actor-id'))!, (await tile.getAttribute('data-online'))!);
    }
  }
  const seenAt = pushes.length;
  await expect.poll(() => pushes.length, { timeout: 5 * 60_000, intervals: [1000] }).toBeGreaterThan(seenAt);
  const push = pushes[seenAt]!;
  const online = push.type === 'actorOnline';
  expect(before.get(String(push.actorId))).toBe(String(!online));
  const counts = await Promise.all(tabs.map((tab) => tab.locator(`[data-actor-id="${push.actorId}"]`).count()));
  const tile = tabs[counts.findIndex((count) => count > 0)]!.locator(`[data-actor-id="${push.actorId}"]`);
  await expect(tile).toHaveAttribute('data-online', String(online));
  await expect(tile.locator('.vv-online-badge').first()).toHaveText(online ? 'Online' : 'Offline');
});
