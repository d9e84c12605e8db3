import type { Locator, Page, Response } from '@playwright/test';
import {
  DECLARED_ROUTES,
  INCENTIVE_BLOCK_COOKIE,
  INCENTIVE_BLOCK_DAYS,
  SANDBOX_AVS_IDENTITIES,
  slugsFor,
  type IncentiveDefinition,
  type Language,
  type RouteName,
  type VideoPage,
} from '@velvet/contracts';
import { OPERATOR, expect, signUp, test } from './fixtures';

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

/**
 * Runs `body` with the operator's incentive `definition` (of the demo tenant, for everyone, without a countdown or a
 * route of its own to open) defined through the console's API, and deletes it afterwards.
 */
async function withOperatorIncentive(
  page: Page,
  definition: Pick<IncentiveDefinition, 'region' | 'type' | 'event' | 'routeName' | 'uniqueGroup' | 'texts'> &
    Partial<IncentiveDefinition>,
  body: (id: number) => Promise<void>,
) {
  const operator = (await (await page.request.post('/rest/v1/auth/login', { data: OPERATOR })).json()) as {
    accessToken: string;
  };
  const asOperator = { authorization: `Bearer ${operator.accessToken}` };
  const created = await page.request.post('/rest/v1/operator/conversion/incentives', {
    headers: asOperator,
    data: {
      tenantId: 'velvet',
      audience: 'everyone',
      priority: 50,
      countdownMinutes: null,
      actionRoute: null,
      ...definition,
    } satisfies IncentiveDefinition,
  });
  expect(created.status()).toBe(200);
  const { id } = ((await created.json()) as { data: { id: number } }).data;
  try {
    await body(id);
  } finally {
    await page.request.delete(`/rest/v1/operator/conversion/incentives/${id}`, { headers: asOperator });
  }
}

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

// The videoPlayer region is the media remote's own: when a video's preview ends, the player shows the incentive the
// operator defined for that event, and closing it runs the shell's close flow (cookie, closeIncentive, reload).
test("a preview's end shows the videoPlayer incentive over the player, and closed it stays away", async ({ page }) => {
  const group = `preview-${Date.now()}`;
  const text = { title: 'Enjoyed the preview?', text: 'Buy it and watch it all.', action: 'Top up coins' };
  const definition = {
    region: 'videoPlayer',
    type: 'videoPreviewBuy',
    event: 'videoPreviewEnd',
    routeName: null,
    audience: 'guests',
    uniqueGroup: group,
    texts: { de: text, en: text, nl: text, es: text },
  } as const;
  await withOperatorIncentive(page, definition, async (id) => {
    await signUp(page, 'Preview');
    const payload = JSON.stringify({ type: 'all', sort: 'cheapest', includeFreeVideos: false, pageSize: 1 });
    const listed = await page.request.get(`/rest/v1/tileGrid/get/videos/${encodeURIComponent(payload)}`);
    const [video] = (await listed.json()).items as VideoPage['items'];
    await page.goto(`/en/amateur/${video!.model.name}/videos/${video!.id}/`);
    // Videos are rated 18: the guest verifies her age first (the sandbox accepts at once).
    await page.getByTestId('age-gate').getByRole('button', { name: 'Verify my age' }).click();
    const ageCheck = page.getByRole('dialog', { name: 'Age check' });
    await ageCheck.getByLabel('Identity document number').fill(SANDBOX_AVS_IDENTITIES.accepted);
    await ageCheck.getByRole('button', { name: 'Verify my age' }).click();
    await ageCheck.getByRole('button', { name: 'Continue' }).click();
    const player = page.getByLabel(`${video!.title}: preview`);
    await expect(player).toBeVisible();
    const box = page.getByTestId('incentive-videoPlayer');
    await expect(box).toHaveCount(0);

    const previewEnd = (response: Response) =>
      response.url().includes(`/rest/v1/conversion/getVideoPreviewEndIncentives/${video!.id}`);
    const loaded = page.waitForResponse(previewEnd);
    await player.evaluate((element: HTMLVideoElement) => element.dispatchEvent(new Event('ended')));
    expect((await (await loaded).json()).data.incentives).toEqual([
      expect.objectContaining({ id, region: 'videoPlayer', uniqueGroup: group, title: text.title }),
    ]);
    await expect(box).toContainText(text.title);
    expect(await box.evaluate((element) => getComputedStyle(element).position)).toBe('absolute');

    const closed = page.waitForResponse((response) => response.url().includes('/rest/v1/conversion/closeIncentive'));
    const reloaded = page.waitForResponse(previewEnd);
    await box.getByRole('button', { name: 'Close the offer' }).click();
    await expect(box).toHaveCount(0);
    expect((await closed).status()).toBe(200);
    expect((await (await reloaded).json()).data.incentives).toEqual([]);
    const cookie = (await page.context().cookies()).find((c) => c.name === INCENTIVE_BLOCK_COOKIE);
    expect(cookie?.value.split('.')).toContain(group);
    await expect(box).toHaveCount(0);
  });
});

/** The page's path in a language, from the route table. */
function pathOf(name: RouteName, language: Language) {
  const route = DECLARED_ROUTES.find((declared) => declared.name === name)!;
  return `/${language}/${slugsFor(route, language)}/`;
}

/** On a phone (390 px) and a laptop (1366 px) the box is no wider than its parent and the page no wider than the screen. */
async function expectFits(page: Page, box: Locator) {
  for (const width of [390, 1366]) {
    await page.setViewportSize({ width, height: 800 });
    const fit = await box.evaluate((element) => {
      const own = element.getBoundingClientRect();
      const parent = element.parentElement!.getBoundingClientRect();
      return {
        inParent: own.left >= parent.left - 1 && own.right <= parent.right + 1,
        textInBox: element.scrollWidth <= element.clientWidth + 1,
        pageInScreen: document.documentElement.scrollWidth <= window.innerWidth + 1,
      };
    });
    expect(fit, `${width} px`).toEqual({ inParent: true, textInBox: true, pageInScreen: true });
  }
}

// The inPage region is shown by the remote of the page itself: the operator's incentive for a route's page load
// appears in that route's remote's page, in the page's language, and closed it stays away on reload.
for (const { remote, route, language, close } of [
  { remote: 'mf-media', route: 'videos', language: 'en', close: 'Close the offer' },
  { remote: 'mf-chat', route: 'newGirls', language: 'de', close: 'Angebot schließen' },
  { remote: 'mf-chat', route: 'newGirls', language: 'es', close: 'Cerrar la oferta' },
  { remote: 'mf-tv', route: 'tvSeriesOverview', language: 'de', close: 'Angebot schließen' },
  { remote: 'mf-tv', route: 'tvSeriesOverview', language: 'es', close: 'Cerrar la oferta' },
] as const) {
  test(`the inPage incentive of ${route} shows in ${remote}'s page, and closed it stays away (${language})`, async ({
    page,
  }) => {
    const group = `in-page-${remote}-${language}-${Date.now()}`;
    const text = (word: string) => ({
      title: `${word}: coins for ${route}`,
      text: `${word}: top up today and get more.`,
      action: `${word}: top up`,
    });
    const definition = {
      region: 'inPage',
      type: 'balanceRefillCoupon',
      event: 'pageLoad',
      routeName: route,
      uniqueGroup: group,
      texts: { de: text('Deutsch'), en: text('English'), nl: text('Nederlands'), es: text('Español') },
    } as const;
    await withOperatorIncentive(page, definition, async () => {
      await page.goto(pathOf(route, language));
      const box = page.locator(`[data-remote="${remote}"]`).getByTestId('incentive-inPage');
      await expect(box).toContainText(definition.texts[language].title);
      await expect(box).toContainText(definition.texts[language].text);
      await expect(page.getByTestId('incentive-inPage')).toHaveCount(1);
      await expectFits(page, box);

      const closed = page.waitForResponse((response) => response.url().includes('/rest/v1/conversion/closeIncentive'));
      // The close is taken, then the region's incentives are loaded again (awaited, so the reload below meets only its own).
      const reloadedAfterClose = incentivesLoaded(page);
      await box.getByRole('button', { name: close }).click();
      await expect(box).toHaveCount(0);
      expect((await closed).status()).toBe(200);
      await (await reloadedAfterClose).finished();
      const cookie = (await page.context().cookies()).find((c) => c.name === INCENTIVE_BLOCK_COOKIE);
      expect(cookie?.value.split('.')).toContain(group);

      // After the reload the route's incentives are asked for once, for the shell and the page: without the closed group.
      const answers: { uniqueGroup: string }[][] = [];
      page.on('response', (response) => {
        if (response.url().includes('/rest/v1/conversion/getPageLoadIncentives'))
          void response.json().then((body: { data: { incentives: { uniqueGroup: string }[] } }) => {
            answers.push(body.data.incentives);
          });
      });
      await page.reload();
      await expect.poll(() => answers.length).toBeGreaterThanOrEqual(1);
      for (const incentives of answers)
        expect(incentives).not.toContainEqual(expect.objectContaining({ uniqueGroup: group }));
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      await expect(page.getByTestId('incentive-inPage')).toHaveCount(0);
    });
  });
}
