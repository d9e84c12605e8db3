import type { AuthResponse, VideoPage } from '@velvet/contracts';
import { expect, test } from './fixtures';
import { linkIn, mailTo } from './mail';

// A guest shares a video by mail: the server hands it to the mail server (the test's loopback SMTP sink), the friend
// gets it in the guest's language with her name, her message and the video's link, and the link opens the video.

for (const { language, subject, action } of [
  { language: 'en', subject: 'shares a video with you', action: 'Watch the video' },
  { language: 'de', subject: 'teilt ein Video mit dir', action: 'Video ansehen' },
] as const) {
  test(`a video shared by mail reaches the friend with its link, which opens the video (${language})`, async ({
    page,
  }) => {
    const stamp = `${Date.now()}${Math.floor(Math.random() * 1000)}`;
    const name = `Sharer${stamp.slice(-9)}`;
    const signup = await page.request.post(`/rest/v1/auth/signup?language=${language}`, {
      data: { email: `share-${stamp}@example.com`, password: 'a-long-enough-password', name },
    });
    expect(signup.status()).toBe(200);
    const { accessToken, guest } = (await signup.json()) as AuthResponse;
    const payload = JSON.stringify({ type: 'all', sort: 'cheapest', includeFreeVideos: false, pageSize: 1 });
    const listed = await page.request.get(`/rest/v1/tileGrid/get/videos/${encodeURIComponent(payload)}`);
    const [video] = ((await listed.json()) as VideoPage).items;
    expect(video).toBeDefined();

    const friend = `friend-${stamp}@example.com`;
    const message = `Look at this one, ${stamp}`;
    const shared = await page.request.post(`/rest/v1/sendVideoShareEmail?language=${language}`, {
      headers: { authorization: `Bearer ${accessToken}` },
      data: { recipient: friend, message, videoId: video!.id, guestId: guest.id },
    });
    expect(shared.status()).toBe(200);
    expect(await shared.json()).toEqual({ Status: 'OK' });

    const mail = await mailTo(friend, new RegExp(`^${name} ${subject}$`));
    expect(mail.to).toEqual([friend]);
    expect(mail.text).toContain(message);
    expect(mail.text).toContain(video!.title);
    expect(mail.html).toContain(action);
    const link = new URL(linkIn(mail, new RegExp(`^/${language}/amateur/[\\w-]+/videos/${video!.id}/$`)));

    // The friend follows it: the video's page, in the sender's language.
    const opened = await page.goto(link.pathname);
    expect(opened?.status()).toBe(200);
    await expect(page.locator('html')).toHaveAttribute('lang', language);
    await expect(page.locator('[data-remote="mf-media"]').getByRole('heading', { level: 1 })).toHaveText(video!.title);
  });
}
