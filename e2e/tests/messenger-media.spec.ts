import { buyCoins, expect, setRecommendedTerms, signUp, test } from './fixtures';

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
    await setRecommendedTerms(request, { isMessagingFree: true });
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
