import type { Page } from '@playwright/test';
import {
  AVS_BONUS_HUNDREDTHS,
  SANDBOX_AVS_IDENTITIES,
  coinsFromHundredths,
  formatBalance,
  type Video,
  type VideoPage,
} from '@velvet/contracts';
import { buyCoins, expect, test } from './fixtures';

async function signUp(page: Page) {
  const stamp = `${Date.now()}${Math.floor(Math.random() * 1000)}`;
  await page.goto('/en/');
  await page.getByTestId('navbar').getByRole('button', { name: 'Sign up' }).click();
  const signup = page.getByTestId('signup-form');
  await signup.getByLabel('User name').fill(`Buyer${stamp.slice(-8)}`);
  await signup.getByLabel('Email').fill(`buyer-${stamp}@example.com`);
  await signup.getByLabel('Password').fill('a-long-enough-password');
  await signup.getByRole('button', { name: 'Sign up' }).click();
  await expect(signup).toBeHidden();
  await expect(page.getByTestId('navbar-balance')).toHaveText('0\u00a0VXC');
}

/** A paid video that 40 coins can buy, from the catalogue as visitors see it. */
async function affordableVideo(page: Page): Promise<Video> {
  const payload = JSON.stringify({ type: 'all', sort: 'cheapest', includeFreeVideos: false, pageSize: 1 });
  const response = await page.request.get(`/rest/v1/tileGrid/get/videos/${encodeURIComponent(payload)}`);
  const [video] = (await response.json()).items as VideoPage['items'];
  expect(video!.price.value).toBeGreaterThan(0);
  expect(video!.price.value).toBeLessThanOrEqual(4000);
  return video!;
}

/** Whether the browser can play the clip: it has loaded the metadata and knows the length. */
async function playable(page: Page, label: string) {
  const player = page.getByLabel(label);
  await expect(player).toBeVisible();
  await expect
    .poll(() => player.evaluate((video: HTMLVideoElement) => video.readyState >= 1 && video.duration > 0))
    .toBe(true);
  return player.evaluate((video: HTMLVideoElement) => Math.round(video.duration));
}

test('a guest charges coins, buys a video, watches it in full from the media library, and sees the balance and counts change', async ({
  page,
}) => {
  await signUp(page);
  await buyCoins(page);
  await expect(page.getByTestId('navbar-balance')).toHaveText('40\u00a0VXC');
  await expect(page.getByTestId('sidebar-boughtVideos')).toHaveText('0');

  const video = await affordableVideo(page);
  await page.goto(`/en/amateur/${video.model.name}/videos/${video.id}/`);
  // videos are rated 18: the guest verifies the age first (the sandbox accepts at once, with a bonus of 10 coins)
  await page.getByTestId('age-gate').getByRole('button', { name: 'Verify my age' }).click();
  const ageCheck = page.getByRole('dialog', { name: 'Age check' });
  await ageCheck.getByLabel('Identity document number').fill(SANDBOX_AVS_IDENTITIES.accepted);
  await ageCheck.getByRole('button', { name: 'Verify my age' }).click();
  await ageCheck.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByTestId('navbar-balance')).toHaveText('50\u00a0VXC');
  const previewLength = await playable(page, `${video.title}: preview`);
  await page.getByRole('button', { name: 'Buy', exact: true }).click();
  await expect(page.getByText('In your library')).toBeVisible();
  // The guest signed up on /en/, so the balance shows in English.
  const left = formatBalance(coinsFromHundredths(40_00 + AVS_BONUS_HUNDREDTHS - video.price.value), 'en');
  await expect(page.getByTestId('navbar-balance')).toHaveText(left);
  await expect(page.getByTestId('sidebar-balance')).toHaveText(left);
  await expect(page.getByTestId('sidebar-boughtVideos')).toHaveText('1');
  expect(await playable(page, `${video.title}: full video`)).toBeGreaterThan(previewLength);

  await page.goto('/en/myvisitx/mediathek/');
  await expect(page.getByRole('button', { name: 'Shop (1)' })).toBeVisible();
  await page.getByRole('link', { name: new RegExp(video.title) }).click();
  await playable(page, `${video.title}: full video`);
  await expect(page.getByTestId('navbar-balance')).toHaveText(left);
});

test('too little money says so and opens the money charge', async ({ page, expectFailure }) => {
  expectFailure(/^402 POST .*\/rest\/v1\/album\/\d+\/buy/);
  expectFailure(/Failed to load resource: the server responded with a status of 402/);
  await signUp(page);
  const video = await affordableVideo(page);
  await page.goto(`/de/amateur/${video.model.name}/videos/${video.id}/`);
  await page.getByRole('button', { name: 'Kaufen', exact: true }).click();
  await expect(page.getByRole('dialog', { name: 'Coins kaufen' })).toBeVisible();
  await expect(page.getByText('Dein Guthaben reicht nicht. Kaufe Coins und versuche es noch einmal.')).toBeVisible();
  await expect(page.getByTestId('navbar-balance')).toHaveText('0\u00a0VXC');
});
