import type { Page } from '@playwright/test';
import {
  coinsFromHundredths,
  feedOperations,
  formatBalance,
  type AuthResponse,
  type FeedPost,
  type Language,
} from '@velvet/contracts';
import { expect, test } from './fixtures';

/** A new guest with 40 coins (10 € through the sandbox card), logged in in this browser. */
async function guestWithCoins(page: Page) {
  const stamp = `${Date.now()}${Math.floor(Math.random() * 1000)}`;
  const signup = await page.request.post('/rest/v1/auth/signup', {
    data: {
      email: `tipper-${stamp}@example.com`,
      password: 'a-long-enough-password',
      name: `Tipper${stamp.slice(-8)}`,
    },
  });
  expect(signup.status()).toBe(200);
  const { accessToken, guest } = (await signup.json()) as AuthResponse;
  const charge = await page.request.post('/rest/v1/payment/sandbox/charge', {
    headers: { authorization: `Bearer ${accessToken}`, 'idempotency-key': `feed-money-${stamp}` },
    data: { amountEur: 10, cardNumber: '4242424242424242' },
  });
  expect(charge.status()).toBe(200);
  await page.context().addInitScript((token) => localStorage.setItem('velvet.session', token), accessToken);
  return { name: guest.name };
}

/** Posts of the feed as visitors see them (the newest 50). */
async function visiblePosts(page: Page): Promise<FeedPost[]> {
  const response = await page.request.post('/feed/graphql', {
    data: { query: feedOperations.feed.document, variables: { first: 50 } },
  });
  expect(response.status()).toBe(200);
  return ((await response.json()) as { data: { feed: { nodes: FeedPost[] } } }).data.feed.nodes;
}

const TEXTS = {
  de: {
    buy: 'Für',
    tip: 'Trinkgeld',
    tipAmount: /^5\sVXC geben$/,
    goal: (sum: number, goal: number) => `Trinkgeld-Ziel: ${sum}\u00a0VXC von ${goal}\u00a0VXC`,
    comment: 'Schreib einen Kommentar',
    send: 'Senden',
    delete: 'Löschen',
  },
  es: {
    buy: 'Desbloquear por',
    tip: 'Propina',
    tipAmount: /^Propina de 5\sVXC$/,
    goal: (sum: number, goal: number) => `Meta de propinas: ${sum}\u00a0VXC de ${goal}\u00a0VXC`,
    comment: 'Escribe un comentario',
    send: 'Enviar',
    delete: 'Eliminar',
  },
} as const;

for (const language of ['de', 'es'] as const satisfies readonly Language[]) {
  const text = TEXTS[language];
  test(`a guest buys a post, tips one and sees its goal move on a second page, and comments (${language})`, async ({
    page,
  }) => {
    await guestWithCoins(page);
    const posts = await visiblePosts(page);
    const paid = posts.find((post) => post.paidContent && post.priceCoins <= 20);
    const goal = posts.find(
      (post) => post.tippingGoal && post.tippingGoal.tipsSumCoins + 5 < post.tippingGoal.goalCoins && !post.paidContent,
    );
    expect(paid, 'the seed has a paid post for 20 coins or less').toBeTruthy();
    expect(goal, 'the seed has a free post with a tipping goal not yet reached').toBeTruthy();

    // buying: the post opens over the feed at its own address
    await page.goto(`/${language}/feed/post/${paid!.id}/`);
    const detail = page.getByRole('dialog', { name: paid!.model.name });
    await detail.getByRole('button', { name: new RegExp(`^${text.buy}`) }).click();
    await expect(detail.getByRole('button', { name: new RegExp(`^${text.buy}`) })).toBeHidden();
    const left = formatBalance(coinsFromHundredths((40 - paid!.priceCoins) * 100), language);
    await expect(page.getByTestId('navbar-balance')).toHaveText(left);

    // tipping: a second page of the same post sees the goal move without a reload
    const { tipsSumCoins, goalCoins } = goal!.tippingGoal!;
    await page.goto(`/${language}/feed/post/${goal!.id}/`);
    const second = await page.context().newPage();
    await second.goto(`/${language}/feed/post/${goal!.id}/`);
    const watched = second.getByRole('dialog', { name: goal!.model.name });
    await expect(watched.getByText(text.goal(tipsSumCoins, goalCoins))).toBeVisible();
    const tipping = page.getByRole('dialog', { name: goal!.model.name });
    await tipping.getByText(text.tip, { exact: true }).click();
    await tipping.getByRole('button', { name: text.tipAmount }).click();
    await expect(tipping.getByText(text.goal(tipsSumCoins + 5, goalCoins))).toBeVisible();
    await expect(watched.getByText(text.goal(tipsSumCoins + 5, goalCoins))).toBeVisible();
    await expect(page.getByTestId('navbar-balance')).toHaveText(
      formatBalance(coinsFromHundredths((35 - paid!.priceCoins) * 100), language),
    );

    // commenting and deleting her own comment
    const words = `Wunderbar ${Date.now()}`;
    await tipping.getByRole('textbox', { name: text.comment }).fill(words);
    await tipping.getByRole('button', { name: text.send }).click();
    const comment = tipping.getByText(words);
    await expect(comment).toBeVisible();
    await tipping.getByRole('listitem').filter({ hasText: words }).getByRole('button', { name: text.delete }).click();
    await expect(comment).toBeHidden();
    await second.reload();
    await expect(second.getByRole('dialog', { name: goal!.model.name }).getByText(words)).toBeHidden();
  });
}

test('a visitor plays a clip post at its own address', async ({ page }) => {
  const response = await page.request.post('/feed/graphql', {
    data: { query: feedOperations.feed.document, variables: { first: 50, typeGroups: ['CLIP_POSTS'] } },
  });
  const posts = ((await response.json()) as { data: { feed: { nodes: FeedPost[] } } }).data.feed.nodes;
  const clip = posts.find((post) => post.clip?.sources.length);
  expect(clip, 'the seed has a clip everyone may watch').toBeTruthy();
  await page.goto(`/en/feed/post/${clip!.id}/`);
  const player = page.getByRole('dialog', { name: clip!.model.name }).getByLabel(`Clip: ${clip!.title}`);
  await expect(player).toHaveAttribute('poster', clip!.clip!.sources[0]!.poster);
  // the clip loads only when asked (preload none): once asked, the browser reads its length
  await player.evaluate((video: HTMLVideoElement) => video.load());
  await expect
    .poll(() => player.evaluate((video: HTMLVideoElement) => video.readyState >= 1 && video.duration > 0))
    .toBe(true);
});

test("a performer's profile has a feed tab with her own posts and a link to her feed (en)", async ({ page }) => {
  const post = (await visiblePosts(page))[0]!;
  await page.goto(`/en/amateur/${post.model.name.toLowerCase()}/`);
  await page.getByRole('navigation', { name: 'Profile' }).getByRole('link', { name: 'Feed' }).click();
  await expect(page).toHaveURL(new RegExp(`/en/amateur/${post.model.name.toLowerCase()}/feed/$`));
  await expect(page.getByRole('heading', { level: 2, name: post.title })).toBeVisible();
  const authors = page.locator('article .mf-feed-post__profile');
  expect(await authors.count()).toBeGreaterThan(0);
  for (const href of await authors.evaluateAll((links) => links.map((link) => link.getAttribute('href'))))
    expect(href).toBe(`/en/feed/model/${post.model.id}/`);
  await page.getByRole('link', { name: new RegExp(`^All posts of ${post.model.name}$`, 'i') }).click();
  await expect(page).toHaveURL(new RegExp(`/en/feed/model/${post.model.id}/$`));
});
