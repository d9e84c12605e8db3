import type { Page } from '@playwright/test';
import type { AuthResponse } from '@velvet/contracts';
import { expect, test } from './fixtures';

// A logged-in guest's conversion chat: enabled, the open page counts its 15 minutes down in a fixed box, second by
// second, in her language; disabled, the countdown is gone, both without a reload and after one.

/** The page's socket session has started (ackSession): from then on the server's pushes reach the page. */
const socketSession = (page: Page) =>
  new Promise<void>((resolve) =>
    page.on('websocket', (socket) =>
      socket.on('framereceived', ({ payload }) => {
        if ((JSON.parse(String(payload)) as { type: string }).type === 'ackSession') resolve();
      }),
    ),
  );

/** The session the page resumes has arrived (the guest's profile, which carries the countdown's end). */
const profileLoaded = (page: Page) => page.waitForResponse((response) => response.url().includes('/rest/v1/auth/me'));

for (const { language, label, countdown } of [
  { language: 'en', label: 'Chat offer countdown', countdown: /^Your chat offer: 1[45]:\d\d left$/ },
  { language: 'de', label: 'Countdown des Chat-Angebots', countdown: /^Dein Chat-Angebot: noch 1[45]:\d\d$/ },
]) {
  test(`the conversion chat counts down while enabled and is gone when disabled (${language})`, async ({ page }) => {
    const stamp = `${Date.now()}${Math.floor(Math.random() * 1000)}`;
    const signup = await page.request.post(`/rest/v1/auth/signup?language=${language}`, {
      data: { email: `chat-${stamp}@example.com`, password: 'a-long-enough-password', name: `Chat${stamp.slice(-9)}` },
    });
    expect(signup.status()).toBe(200);
    const { accessToken } = (await signup.json()) as AuthResponse;
    await page.goto(`/${language}/`);
    await page.evaluate((token) => localStorage.setItem('velvet.session', token), accessToken);
    const switchChat = async (action: 'enable' | 'disable') => {
      const answer = await page.request.post('/rest/v1/conversionChat', {
        headers: { authorization: `Bearer ${accessToken}` },
        data: { action },
      });
      expect(answer.status()).toBe(200);
      return ((await answer.json()) as { data: { countdownEnds: string | null } }).data.countdownEnds;
    };

    let profile = profileLoaded(page);
    const pushes = socketSession(page);
    await page.reload();
    await Promise.all([profile, pushes]);
    const timer = page.getByRole('timer', { name: label });
    await expect(timer).toHaveCount(0);
    // Enabled while her page is open: the countdown shows without a reload (the conversionChat push).
    const ends = await switchChat('enable');
    expect(ends).not.toBeNull();
    await expect(timer).toHaveText(countdown);
    profile = profileLoaded(page);
    await page.reload();
    expect(((await (await profile).json()) as AuthResponse).guest.conversionChatEnds).toBe(ends);
    await expect(timer).toHaveText(countdown);
    // It ticks: the text it showed gives way to the next second's.
    const shown = await timer.textContent();
    await expect(timer).not.toHaveText(shown!);
    await expect(timer).toHaveText(countdown);
    // A fixed box over the page: it moves nothing under it.
    expect(await timer.evaluate((element) => getComputedStyle(element).position)).toBe('fixed');

    // Disabled, it is gone at once, and after a reload too.
    await switchChat('disable');
    await expect(timer).toHaveCount(0);
    profile = profileLoaded(page);
    await page.reload();
    expect(((await (await profile).json()) as AuthResponse).guest.conversionChatEnds).toBeNull();
    await expect(page.getByRole('timer', { name: label })).toHaveCount(0);
  });
}
