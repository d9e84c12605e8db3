import type { Page } from '@playwright/test';
import { CONTEST_MAX_VOTES, SANDBOX_AVS_IDENTITIES, type VideoPage } from '@velvet/contracts';
import { buyCoins, expect, signUp, test } from './fixtures';

/** The texts of the steps, as the guest reads them in each language. */
const TEXTS = {
  de: {
    contests: '/de/wettbewerbe/',
    spinwheel: '/de/myvisitx/gluecksrad/',
    votes: (count: number) => `Du hast ${count} von ${CONTEST_MAX_VOTES} Stimmen abgegeben.`,
    lastVote: 'Das war deine letzte Stimme in diesem Wettbewerb.',
    limitReached: `Du hast alle ${CONTEST_MAX_VOTES} Stimmen in diesem Wettbewerb abgegeben.`,
    voteFor: /^Für .+ abstimmen$/,
    redeem: 'Einlösen',
    spins: 'Du hast 1 Drehung.',
    spin: 'Glücksrad drehen',
    prize: /^(Gewonnen: .+|Diesmal leider nichts\. .+)$/,
  },
  es: {
    contests: '/es/concursos/',
    spinwheel: '/es/myvisitx/ruleta/',
    votes: (count: number) => `Has emitido ${count} de ${CONTEST_MAX_VOTES} votos.`,
    lastVote: 'Ese fue tu último voto en este concurso.',
    limitReached: `Ya has usado tus ${CONTEST_MAX_VOTES} votos en este concurso.`,
    voteFor: /^Votar por .+$/,
    redeem: 'Canjear',
    spins: 'Tienes 1 giro.',
    spin: 'Girar la ruleta',
    prize: /^(Has ganado: .+|Esta vez no hubo premio\. .+)$/,
  },
} as const;

/** Buys the cheapest paid video on its page: coins spent earn the loyalty points that unlock a free spin. */
async function buyCheapestVideo(page: Page) {
  const payload = JSON.stringify({ type: 'all', sort: 'cheapest', includeFreeVideos: false, pageSize: 1 });
  const response = await page.request.get(`/rest/v1/tileGrid/get/videos/${encodeURIComponent(payload)}`);
  const [video] = (await response.json()).items as VideoPage['items'];
  await page.goto(`/en/amateur/${video!.model.name}/videos/${video!.id}/`);
  await page.getByRole('button', { name: 'Buy', exact: true }).click();
  await expect(page.getByText('In your library')).toBeVisible();
}

for (const language of ['de', 'es'] as const) {
  const text = TEXTS[language];

  test(`${language}: a guest is sent to the age check by her first vote, votes ${CONTEST_MAX_VOTES} times and is refused the next, and spins the wheel`, async ({
    page,
    expectFailure,
  }) => {
    await signUp(page, `Voter${language}`);
    await buyCoins(page);
    await expect(page.getByTestId('navbar-balance')).toHaveText('40\u00a0VXC');

    // A running contest is listed first; its first vote asks for the age check before anything is counted.
    await page.goto(text.contests);
    const contestLinks = await page
      .locator(`a[href^="${text.contests}"]`)
      .evaluateAll((links) => links.map((link) => link.getAttribute('href')!));
    await page.goto(contestLinks.find((href) => /\/\d+\/$/.test(href))!);
    await expect(page.getByTestId('guest-votes')).toHaveText(text.votes(0));
    const vote = page.getByRole('button', { name: text.voteFor }).first();
    await vote.click();
    const ageCheck = page.getByRole('dialog');
    await ageCheck.getByRole('textbox').fill(SANDBOX_AVS_IDENTITIES.accepted);
    await ageCheck
      .getByRole('button')
      .filter({ hasText: /Alter bestätigen|Verificar mi edad/ })
      .click();
    await ageCheck.getByRole('button', { name: /Weiter|Continuar/ }).click();
    await expect(ageCheck).toBeHidden();
    await expect(page.getByTestId('guest-votes')).toHaveText(text.votes(0));

    for (let count = 1; count <= CONTEST_MAX_VOTES; count++) {
      await expect(vote).toBeEnabled();
      await vote.click();
      await expect(page.getByTestId('guest-votes')).toHaveText(text.votes(count));
    }
    await expect(page.getByRole('status').filter({ hasText: text.lastVote })).toBeVisible();
    expectFailure(/^409 POST .*\/contests\/addContestMediaVoting\?/);
    expectFailure(/status of 409/);
    await expect(vote).toBeEnabled();
    await vote.click();
    await expect(page.getByRole('alert').filter({ hasText: text.limitReached })).toBeVisible();
    await page.reload();
    await expect(page.getByTestId('guest-votes')).toHaveText(text.votes(CONTEST_MAX_VOTES));

    // Coins spent on a video earn the points of this month's free spin; the wheel's prize is the server's draw.
    await buyCheapestVideo(page);
    await page.goto(text.spinwheel);
    await page.getByRole('button', { name: text.redeem }).first().click();
    await expect(page.getByTestId('spins')).toHaveText(text.spins);
    await page.getByRole('button', { name: text.spin }).click();
    await expect(page.getByRole('status').filter({ hasText: text.prize })).toBeVisible();
  });
}
