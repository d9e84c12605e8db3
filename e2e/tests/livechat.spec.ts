import type { Page, Response } from '@playwright/test';
import {
  CHAT_EXIT_SURVEY_MIN_SECONDS,
  MIN_CHAT_BALANCE,
  coinsFromHundredths,
  formatBalance,
  formatCurrency,
  type ActorProfile,
  type CamShow,
  type ChatEnd,
  type ChatSession,
} from '@velvet/contracts';
import { buyCoins, expect, test } from './fixtures';
import { PINNED_PERFORMERS } from './pinned-performers';

/**
 * The paid private chat as a new guest has it: sign up, buy coins, pick an online performer, watch her live
 * video, write with her, be billed from the server's clock, end the chat and rate it; and the clear refusal with
 * the money charge for a guest without coins.
 */

/** Prices as the chat shows them: hundredths, decimal comma, no ",00". */
const coins = (hundredths: number) => formatCurrency(hundredths, 'VXC');
/** The balance as navbar and chat room show it: the guest's language, English for a guest signed up on /en/. */
const shownBalance = (hundredths: number) => formatBalance(coinsFromHundredths(hundredths), 'en');

/** Signs a new guest up through the navbar, as a visitor would. */
async function signUp(page: Page) {
  const stamp = `${Date.now()}${Math.floor(Math.random() * 1000)}`;
  await page.goto('/en/');
  await page.getByTestId('navbar').getByRole('button', { name: 'Sign up' }).click();
  const signup = page.getByTestId('signup-form');
  await signup.getByLabel('User name').fill(`Chatter${stamp.slice(-8)}`);
  await signup.getByLabel('Email').fill(`chatter-${stamp}@example.com`);
  await signup.getByLabel('Password').fill('a-long-enough-password');
  await signup.getByRole('button', { name: 'Sign up' }).click();
  await expect(signup).toBeHidden();
  await expect(page.getByTestId('navbar-balance')).toHaveText('0\u00a0VXC');
}

/** Buys 40 coins for 10 € with the sandbox test card from the navbar balance; answers the new balance. */
async function buyCoinsFor(page: Page, before = 0) {
  await buyCoins(page);
  await expect(page.getByTestId('navbar-balance')).toHaveText(shownBalance(before + 4000));
  return before + 4000;
}

/**
 * The performer the server keeps on line all day and out of shows, so her schedule never ends the chat; with
 * her profile, once she is on line and free (the schedule job pins her within seconds of the server's start).
 */
async function onlinePerformer(page: Page): Promise<ActorProfile> {
  const profileOf = async () =>
    (await (
      await page.request.get(`/rest/v1/actor/getActorDataByIdOrName/${PINNED_PERFORMERS.livechat}`)
    ).json()) as ActorProfile;
  await expect
    .poll(async () => {
      const { isOnline, isCurrentlyTicketShow } = await profileOf();
      return { isOnline, isCurrentlyTicketShow };
    })
    .toEqual({ isOnline: true, isCurrentlyTicketShow: false });
  const profile = await profileOf();
  // 40 coins pay her private chat for a while, and she takes guests from here.
  expect(profile.chatButton.isBannedCountryCode).toBe(false);
  expect(profile.chatPrices.videoChat).toBeGreaterThan(0);
  expect(profile.chatPrices.videoChat).toBeLessThanOrEqual(1000);
  return profile;
}

/** Matches the answer of one REST call (the client adds language and version to the query). */
const answerOf = (path: string) => (response: Response) => new URL(response.url()).pathname === path;

test('a guest with coins has a private chat: live video, a message answered, billed from the clock, ended and rated', async ({
  page,
}) => {
  test.setTimeout(150_000);
  await signUp(page);
  await buyCoinsFor(page);
  const performer = await onlinePerformer(page);
  const price = performer.chatPrices.videoChat;

  await page.goto(`/en/amateur/${performer.name}/chat/`);
  await expect(page.getByRole('heading', { level: 1, name: `Chat with ${performer.displayName}` })).toBeVisible();
  const started = page.waitForResponse(answerOf('/rest/v1/chat/start'));
  await page.getByRole('button', { name: 'Start the private chat' }).click();
  const session = (await (await started).json()) as ChatSession;
  expect(session).toMatchObject({ chatType: 'LIVECHAT', pricePerMinute: price, heldAmount: price });
  expect(session.sequenceNumber).toBeGreaterThan(0);

  const room = page.getByRole('region', { name: `Chat with ${performer.displayName}` });
  await expect(room.getByTestId('chat-price')).toHaveText(`${coins(price)}/min`);
  // The first minute is held from the balance at once.
  await expect(room.getByTestId('chat-held')).toHaveText(coins(price));
  await expect(room.getByTestId('chat-balance')).toHaveText(shownBalance(4000 - price));
  await expect(page.getByTestId('navbar-balance')).toHaveText(shownBalance(4000 - price));

  // Her live video plays: the picture moves on.
  const video = room.getByTestId('live-player').locator('video');
  await expect(room.getByTestId('live-player')).toHaveAttribute('data-state', 'playing', { timeout: 20_000 });
  const playedAt = await video.evaluate((element: HTMLVideoElement) => element.currentTime);
  await expect
    .poll(() => video.evaluate((element: HTMLVideoElement) => element.currentTime), { timeout: 15_000 })
    .toBeGreaterThan(playedAt + 1);

  // A message to her, and her answer after it.
  const log = room.getByRole('log', { name: 'Chat messages' });
  await room.getByRole('textbox', { name: 'Message' }).fill('Hello, how is your day?');
  await room.getByRole('button', { name: 'Send' }).click();
  await expect(log.locator('li[data-sender="guest"]')).toHaveText('You: Hello, how is your day?');
  await expect(log.locator('li[data-sender="guest"]')).not.toHaveAttribute('aria-busy');
  await expect(log.locator('li[data-sender="guest"] ~ li[data-sender="actor"]').first()).toBeVisible({
    timeout: 10_000,
  });

  // Long enough for the exit survey; the running time counts on.
  await expect
    .poll(
      async () => {
        const [minutes, seconds] = (await room.getByTestId('chat-elapsed').innerText()).split(':').map(Number);
        return minutes! * 60 + seconds!;
      },
      { timeout: 60_000, intervals: [1000] },
    )
    .toBeGreaterThanOrEqual(CHAT_EXIT_SURVEY_MIN_SECONDS + 1);

  const stopped = page.waitForResponse(answerOf('/rest/v1/chat/stop'));
  await room.getByRole('button', { name: 'End chat' }).click();
  const end = (await (await stopped).json()) as ChatEnd;
  expect(end).toMatchObject({ exitCode: 100, category: 'live_chat', surveyEligible: true });
  expect(end.durationSeconds).toBeGreaterThanOrEqual(CHAT_EXIT_SURVEY_MIN_SECONDS);
  // Whole minutes at the price (a slow machine may pass the first), the last one by the second.
  const minutes = Math.floor(end.durationSeconds / 60);
  expect(end.billedAmount).toBe(minutes * price + Math.ceil((price * (end.durationSeconds % 60)) / 60));
  const finished = page.getByTestId('chat-end');
  await expect(finished.getByTestId('chat-end-reason')).toHaveText('You ended the chat.');
  await expect(finished).toContainText(`billed ${coins(end.billedAmount)}`);
  await expect(page.getByTestId('navbar-balance')).toHaveText(shownBalance(4000 - end.billedAmount));

  const survey = finished.getByTestId('chat-exit-survey');
  await survey.getByRole('radio', { name: '5 stars' }).check();
  await survey.getByRole('textbox', { name: 'Your feedback (optional)' }).fill('Lovely chat');
  const surveyed = page.waitForResponse(answerOf('/rest/v1/survey/chatexit'));
  await survey.getByRole('button', { name: 'Send feedback' }).click();
  expect((await surveyed).status()).toBe(200);
  await expect(finished.getByText('Thank you for your feedback!')).toBeVisible();

  // The balance the server keeps agrees after a reload, and no chat is running any more.
  await page.reload();
  await expect(page.getByTestId('navbar-balance')).toHaveText(shownBalance(4000 - end.billedAmount));
  await expect(page.getByRole('button', { name: 'Start the private chat' })).toBeVisible();
});

test('a guest without enough coins is told why and gets the money charge', async ({ page, expectFailure }) => {
  expectFailure(/^402 POST .*\/rest\/v1\/chat\/start/);
  expectFailure(/Failed to load resource: the server responded with a status of 402/);
  await signUp(page);
  const performer = await onlinePerformer(page);
  await page.goto(`/de/amateur/${performer.name}/chat/`);
  await page.getByRole('button', { name: 'Privatchat starten' }).click();
  await expect(page.getByRole('dialog', { name: 'Coins kaufen' })).toBeVisible();
  await expect(page.getByTestId('chat-start-error')).toContainText(
    `Dein Guthaben reicht für diesen Chat nicht: Du brauchst mindestens ${coins(MIN_CHAT_BALANCE)}.`,
  );
  await expect(page.getByTestId('navbar-balance')).toHaveText('0\u00a0VXC');
});

test('a guest buys a ticket for a coming cam show, finds it on the performer’s live-show page and gives it back', async ({
  page,
}) => {
  test.setTimeout(120_000);
  await signUp(page);
  // Ticket prices go up to 60 coins.
  const balance = await buyCoinsFor(page, await buyCoinsFor(page));
  const listed = page.waitForResponse(
    (response) =>
      new URL(response.url()).pathname === '/graphql' &&
      (response.request().postData() ?? '').includes('query ChatShowList'),
  );
  await page.goto('/en/cam-shows/');
  const { data } = (await (await listed).json()) as { data: { chatShowList: { items: CamShow[] } } };
  // A ticket for coins (a promo ticket takes a bonus code), for a show far enough off to give it back before it starts.
  const later = Date.now() + 10 * 60_000;
  const coming = data.chatShowList.items.find(
    (item) => item.creationType === 'C' && item.canBuy && Date.parse(item.start) > later,
  );
  expect(coming, 'a coming show with tickets for coins on the first page').toBeDefined();
  const shows = page.getByRole('list', { name: 'Cam shows' });
  const show = shows.locator(`[data-ticket-id="${coming!.id}"]`);
  await expect(show).toBeVisible();
  const performer = show.locator('.mf-chat-ticket__actor a');
  const liveShowPath = new URL((await performer.getAttribute('href'))!, page.url()).pathname;

  await show.getByRole('button', { name: 'Buy a ticket' }).click();
  await expect(show.getByText('You have a ticket.')).toBeVisible();

  await performer.click();
  await expect(page).toHaveURL(liveShowPath);
  // By its id: a performer can give several shows of the same theme, so a title names more than one.
  const ticket = page.locator(`[data-ticket-id="${coming!.id}"]`);
  await expect(ticket.getByText('You have a ticket.')).toBeVisible();
  await ticket.getByRole('button', { name: 'Give the ticket back' }).click();
  await expect(ticket.getByRole('button', { name: 'Buy a ticket' })).toBeVisible();
  // The price comes back in full.
  await expect(page.getByTestId('navbar-balance')).toHaveText(shownBalance(balance));
});
