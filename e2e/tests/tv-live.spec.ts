import type { Locator } from '@playwright/test';
import { expect, signUp, test } from './fixtures';

/**
 * Live TV really plays in Chromium: the free channel for everyone; premium TV only as a preview and the price
 * table for a new guest, who buys the TV subscription with the sandbox card in the flow the buy button opens,
 * and then premium TV plays on the same page without a reload. In German and Spanish.
 */

const CARD = '4242 4242 4242 4242';

// A fresh guest, a purchase and two stream starts: more than the default on a busy machine.
test.setTimeout(120_000);

/** Waits until the player's video has played `seconds` of picture (decoded frames as much as time). */
async function expectPlaying(player: Locator, seconds = 1.5) {
  await expect(player).toHaveAttribute('data-state', 'playing', { timeout: 30_000 });
  const video = player.locator('video');
  const picture = () =>
    video.evaluate((element: HTMLVideoElement) => ({
      time: element.currentTime,
      frames: element.getVideoPlaybackQuality().totalVideoFrames,
    }));
  const first = await picture();
  await expect
    .poll(
      async () => {
        const now = await picture();
        return Math.min((now.frames - first.frames) / 25, now.time - first.time);
      },
      { timeout: 30_000 },
    )
    .toBeGreaterThanOrEqual(seconds);
}

test('the free livestream plays with its renditions to choose from (de)', async ({ page }) => {
  await page.goto('/de/tv/livestream/');
  await expect(page.getByText(/^Jetzt auf Sendung: /)).toBeVisible();
  const player = page.getByTestId('live-player');
  await expectPlaying(player);
  expect(await player.locator('video').evaluate((element: HTMLVideoElement) => element.muted)).toBe(true);

  const quality = player.getByRole('combobox', { name: 'Qualität' });
  await expect(quality.locator('option')).toHaveText(['Automatisch', '360p', '216p']);
  await quality.selectOption({ label: '216p' });
  await expect
    .poll(() => player.locator('video').evaluate((element: HTMLVideoElement) => element.videoHeight), {
      timeout: 30_000,
    })
    .toBe(216);
  await player.getByRole('button', { name: 'Ton an' }).click();
  expect(await player.locator('video').evaluate((element: HTMLVideoElement) => element.muted)).toBe(false);
  await player.getByRole('button', { name: 'Pause' }).click();
  await expect(player).toHaveAttribute('data-state', 'paused');
});

test('premium TV is locked for a new guest; she buys the TV subscription and it plays without a reload (es)', async ({
  page,
  expectFailure,
}) => {
  // The preview's addresses expire after its time: hls.js's next reload is refused, which ends the preview.
  expectFailure(/^403 GET .*\/live\/tv\/.*scope=tv-premium-preview/);
  const refused = await page.request.get('/live/tv/premium/master.m3u8');
  expect(refused.status()).toBe(403);
  expect(await refused.json()).toMatchObject({ code: 'TV_SUBSCRIPTION_REQUIRED' });

  await signUp(page, 'Tv');
  await page.goto('/es/tv/premium/livestream/');
  await expect(page.getByRole('heading', { name: 'Se necesita una suscripción de TV' })).toBeVisible();
  await expect(page.getByRole('table', { name: 'Precios de la suscripción de TV' })).toContainText(
    /30 días\s*14,99\s€/,
  );
  const player = page.getByTestId('live-player');
  await expect(player).toHaveAttribute('data-state', /loading|playing|buffering/);
  await expect(page.getByText('Vista previa: 30 segundos de TV premium gratis.')).toBeVisible();

  await page.getByRole('button', { name: 'Comprar la suscripción de TV' }).click();
  const form = page.getByRole('dialog').getByRole('form', { name: 'TV premium' });
  await form.getByLabel('Número de tarjeta').fill(CARD);
  await form.getByRole('button', { name: 'Suscribirse por 14,99\u00a0€' }).click();
  // The `subscription` push ends the flow and turns the page into the subscriber's.
  await expect(page.getByRole('dialog')).toBeHidden();
  await expect(page.getByText('Tienes una suscripción de TV: disfruta de la TV premium.')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Se necesita una suscripción de TV' })).toHaveCount(0);
  await expect(page.getByText(/^Vista previa/)).toHaveCount(0);
  await expectPlaying(page.getByTestId('live-player'));
});

test('a host on air links to her profile, which says she is on TV now and leads back to the channel (es)', async ({
  page,
}) => {
  await page.goto('/es/tv/livestream/');
  const onAir = page.locator('.mf-tv-onair');
  await expect(onAir.getByText(/^Ahora en antena: /)).toBeVisible();
  const host = onAir.locator('a[href^="/es/amateur/"]').first();
  const profile = await host.getAttribute('href');
  await host.click();
  await expect(page).toHaveURL(new RegExp(`${profile}$`));
  await expect(page.getByText(/^Ahora en Velvet TV: /)).toBeVisible();
  await page.getByRole('link', { name: 'Ver', exact: true }).click();
  await expect(page).toHaveURL(/\/es\/tv\/(premium\/)?livestream\/$/);
});
