import type { Page } from '@playwright/test';
import { messengerEndpoints, type ActorProfile } from '@velvet/contracts';
import { buyCoins, expect, signUp, test } from './fixtures';
import { PINNED_PERFORMERS } from './pinned-performers';

/**
 * Toy control in a conversation: the guest buys the softest control (10 s) for the pinned performer's toy and
 * watches it move through its states as the server's toy job runs it, in the toy panel and in the conversation's
 * message. The run takes its real time (the toy connects for 2 s, then runs 10 s); the test waits for each state
 * to be shown.
 */
const TEXTS = {
  de: {
    buy: /^Toy sanft: Stärke 1, 10 s für 1\sVXC$/,
    started: 'Toy sanft läuft mit Stärke 1 für 10 s.',
    finished: 'Toy sanft ist 10 s gelaufen.',
    messageStarted: (name: string) => `Deine Toy-Steuerung läuft auf dem Toy von ${name} (Stärke 1).`,
    messageFinished: (name: string) => `Deine Toy-Steuerung auf dem Toy von ${name} ist beendet.`,
    toy: 'Ihr Toy',
  },
  nl: {
    buy: /^Toy zacht: sterkte 1, 10 s voor 1\sVXC$/,
    started: 'Toy zacht loopt op sterkte 1 gedurende 10 s.',
    finished: 'Toy zacht heeft 10 s gelopen.',
    messageStarted: (name: string) => `Je toy-besturing loopt op de toy van ${name} (sterkte 1).`,
    messageFinished: (name: string) => `Je toy-besturing op de toy van ${name} is klaar.`,
    toy: 'Haar toy',
  },
} as const;

/** The guest's conversation with the pinned toy performer, once the schedule job has her on line. */
async function openToyConversation(page: Page): Promise<{ actorName: string }> {
  const profileOf = async () =>
    (await (
      await page.request.get(`/rest/v1/actor/getActorDataByIdOrName/${PINNED_PERFORMERS.toyControl}`)
    ).json()) as ActorProfile;
  await expect.poll(async () => (await profileOf()).isOnline).toBe(true);
  const token = await page.evaluate(() => localStorage.getItem('velvet.session'));
  // She wrote to the performer before: the conversation is in her list (the call the messenger makes for it).
  const touched = await page.request.post(`/rest/v1${messengerEndpoints.touchChannel.path}`, {
    headers: { authorization: `Bearer ${token}` },
    data: { actorId: (await profileOf()).id },
  });
  expect(touched.status()).toBe(200);
  return messengerEndpoints.touchChannel.response.parse(await touched.json()).channel;
}

for (const language of ['de', 'nl'] as const) {
  const text = TEXTS[language];
  test(`a guest buys a toy control in a conversation and sees it start and finish (${language})`, async ({ page }) => {
    await signUp(page, 'Toy');
    await buyCoins(page);
    const { actorName } = await openToyConversation(page);
    await page.goto(`/${language}/messenger/`);
    const messenger = page.locator('[data-remote="mf-messenger"]');
    await messenger.getByRole('button', { name: actorName }).click();
    const toy = messenger.getByRole('region', { name: text.toy });
    await toy.getByRole('button', { name: text.buy }).click();
    await expect(page.getByTestId('navbar-balance')).toHaveText('39\u00a0VXC');

    // The job takes the run on within a second, the toy connects for 2 s, then runs 10 s.
    const message = messenger.locator('li[data-type="toy_control"]');
    await expect(toy.locator('li[data-state="started"]')).toHaveText(text.started);
    await expect(message).toContainText(text.messageStarted(actorName));
    await expect(toy.locator('li[data-state="finished"]')).toHaveText(text.finished, { timeout: 30_000 });
    await expect(toy.locator('li[data-state="started"]')).toHaveCount(0);
    await expect(message).toContainText(text.messageFinished(actorName));
    // It ran its whole time: nothing comes back.
    await expect(page.getByTestId('navbar-balance')).toHaveText('39\u00a0VXC');
  });
}
