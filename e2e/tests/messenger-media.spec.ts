import type { APIRequestContext } from '@playwright/test';
import { buyCoins, expect, OPERATOR, signUp, test } from './fixtures';

/** The recommended performers write for free, so the test pays only for the clip it opens. */
async function freeTerms(request: APIRequestContext) {
  const login = await request.post('/rest/v1/auth/login', { data: OPERATOR });
  const { accessToken } = (await login.json()) as { accessToken: string };
  const recommended = await request.get('/rest/v1/messenger/recommendations?useGrid=true');
  const { actors } = (await recommended.json()) as { actors: { id: number }[] };
  for (const actor of actors) {
    const terms = await request.post(`/rest/v1/messenger/actor/${actor.id}/terms`, {
      headers: { authorization: `Bearer ${accessToken}` },
      data: { messagePrice: 100, freeMessagesAmount: 0, isMessagingFree: true },
    });
    expect(terms.status()).toBe(200);
  }
}

const TEXTS = {
  de: {
    write: 'Nachricht schreiben',
    message: 'Deine Nachricht',
    send: 'Senden',
    openClip: /^Clip für 5\sVXC ansehen$/,
    clip: 'Clip',
    messengerTab: 'Messenger',
    clips: 'Clips',
  },
  nl: {
    write: 'Bericht schrijven',
    message: 'Je bericht',
    send: 'Versturen',
    openClip: /^Clip bekijken voor 5\sVXC$/,
    clip: 'Clip',
    messengerTab: 'Messenger',
    clips: 'Clips',
  },
} as const;

for (const language of ['de', 'nl'] as const) {
  const text = TEXTS[language];
  test(`a guest opens a paid clip from a performer and finds it in her media library (${language})`, async ({
    page,
    request,
  }) => {
    // Six answers of the performer, each after her pause of up to four seconds.
    test.setTimeout(120_000);
    await freeTerms(request);
    await signUp(page, 'Clip');
    await buyCoins(page);
    await page.goto(`/${language}/messenger/`);
    const messenger = page.locator('[data-remote="mf-messenger"]');
    await messenger.getByRole('button', { name: text.write }).first().click();
    const answers = messenger.locator('li[data-sender="actor"]');
    // Every third answer brings media: a picture, then a clip.
    for (let n = 1; n <= 6; n++) {
      await messenger.getByLabel(text.message).fill(`Hallo ${n}`);
      await messenger.getByRole('button', { name: text.send, exact: true }).click();
      await expect(answers).toHaveCount(n, { timeout: 15_000 });
    }
    await messenger.getByRole('button', { name: text.openClip }).click();
    const clip = messenger.getByLabel(text.clip, { exact: true });
    await expect(clip).toBeVisible();
    await expect.poll(() => clip.evaluate((video: HTMLVideoElement) => video.readyState)).toBeGreaterThan(0);
    await expect(page.getByTestId('navbar-balance')).toHaveText('35\u00a0VXC');

    // The opened clip is in her media library's messenger tab, and plays there.
    await page.goto(`/${language}/myvisitx/mediathek/`);
    const library = page.locator('[data-remote="mf-media"]');
    await library.getByRole('button', { name: text.messengerTab }).click();
    const listed = library.locator('li[data-media-type="video"] video');
    await expect(listed).toHaveCount(1);
    await expect(listed).toHaveAttribute('aria-label', text.clips);
    await expect.poll(() => listed.evaluate((video: HTMLVideoElement) => video.readyState)).toBeGreaterThan(0);
  });
}
