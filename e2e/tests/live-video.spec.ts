import type { Page } from '@playwright/test';
import type { ActorProfile, AuthResponse } from '@velvet/contracts';
import { expect, test } from './fixtures';
import { PINNED_PERFORMERS } from './pinned-performers';

/** A new guest with 40 coins (10 € through the sandbox card), logged in in this browser. */
async function guestWithCoins(page: Page) {
  const stamp = `${Date.now()}${Math.floor(Math.random() * 1000)}`;
  const signup = await page.request.post('/rest/v1/auth/signup', {
    data: {
      email: `viewer-${stamp}@example.com`,
      password: 'a-long-enough-password',
      name: `Viewer${stamp.slice(-8)}`,
    },
  });
  expect(signup.status()).toBe(200);
  const { accessToken } = (await signup.json()) as AuthResponse;
  const charge = await page.request.post('/rest/v1/payment/sandbox/charge', {
    headers: { authorization: `Bearer ${accessToken}`, 'idempotency-key': `live-video-${stamp}` },
    data: { amountEur: 10, cardNumber: '4242424242424242' },
  });
  expect(charge.status()).toBe(200);
  await page.addInitScript((token) => localStorage.setItem('velvet.session', token), accessToken);
}

/**
 * The performer the server keeps on line all day and out of shows, so her schedule never ends the chat; once
 * she is on line and free (the schedule job pins her within seconds of the server's start).
 */
async function onlinePerformer(page: Page) {
  const name = PINNED_PERFORMERS.liveVideo;
  await expect
    .poll(async () => {
      const response = await page.request.get(`/rest/v1/actor/getActorDataByIdOrName/${name}`);
      const { isOnline, isCurrentlyTicketShow } = (await response.json()) as ActorProfile;
      return { isOnline, isCurrentlyTicketShow };
    })
    .toEqual({ isOnline: true, isCurrentlyTicketShow: false });
  return { name };
}

// A fresh guest, a chat start and a stream start: more than the default on a busy machine.
test.setTimeout(90_000);

const isHlsChunk = (url: string) => /\/remotes\/mf-chat\/[^/]+\/hls\.[0-9a-f]+\.js$/.test(url);

test('in a private chat the performer’s live video really plays in Chromium, and hls.js loads only then', async ({
  page,
}) => {
  const hlsChunks: string[] = [];
  page.on('request', (request) => {
    if (isHlsChunk(request.url())) hlsChunks.push(request.url());
  });
  await guestWithCoins(page);
  const performer = await onlinePerformer(page);
  await page.goto(`/en/amateur/${performer.name}/chat/`);
  const start = page.getByRole('button', { name: 'Start the private chat' });
  await expect(start).toBeVisible();
  expect(hlsChunks, 'no player code before a chat starts').toEqual([]);

  // The codec the loops are made with is one this Chromium build decodes through MediaSource.
  expect(await page.evaluate(() => MediaSource.isTypeSupported('video/mp4; codecs="avc1.42c01e,mp4a.40.2"'))).toBe(
    true,
  );

  await start.click();
  const player = page.getByTestId('live-player');
  await expect(player).toHaveAttribute('data-state', 'playing', { timeout: 20_000 });
  expect(hlsChunks).toHaveLength(1);
  const video = player.locator('video');
  const picture = () =>
    video.evaluate((element: HTMLVideoElement) => ({
      time: element.currentTime,
      frames: element.getVideoPlaybackQuality().totalVideoFrames,
      width: element.videoWidth,
      height: element.videoHeight,
      muted: element.muted,
    }));
  const first = await picture();
  expect(first).toMatchObject({ width: 640, height: 360, muted: true });
  // Live: the picture moves on, in decoded frames (25 a second) as much as in time: a seek to the live edge alone
  // would move the time but show no frames. Seconds of both, the smaller counts.
  const playedSeconds = async () => {
    const now = await picture();
    return Math.min((now.frames - first.frames) / 25, now.time - first.time);
  };
  await expect.poll(playedSeconds, { timeout: 30_000 }).toBeGreaterThanOrEqual(1.5);

  await player.getByRole('button', { name: 'Sound on' }).click();
  expect(await video.evaluate((element: HTMLVideoElement) => element.muted)).toBe(false);

  await page.getByRole('button', { name: 'End chat' }).click();
  await expect(player).toBeHidden();
});
