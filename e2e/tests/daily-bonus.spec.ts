import { buyCoins, expect, shellReady, signUp, test } from './fixtures';

/** The daily deals page and the video offer of the day, as the guest reads them in each language. */
const TEXTS = {
  de: {
    page: '/de/tagesangebote/',
    offer: 'Video des Tages',
    buy: 'Kaufen',
    taken: 'Du hast dir dieses Angebot gesichert.',
    claimed: 'Das Angebot gehört dir.',
    models: 'Die Models des Tages',
  },
  es: {
    page: '/es/ofertas-del-dia/',
    offer: 'Vídeo del día',
    buy: 'Comprar',
    taken: 'Has conseguido esta oferta.',
    claimed: 'La oferta es tuya.',
    models: 'Las modelos del día',
  },
} as const;

for (const language of ['de', 'es'] as const) {
  const text = TEXTS[language];

  test(`${language}: a guest buys today's video offer and sees it consumed, also after a reload`, async ({ page }) => {
    await signUp(page, `Deal${language}`);
    await buyCoins(page);

    await page.goto(text.page);
    await shellReady(page);
    // The day features its bonus models beside the offers, each linking to her profile.
    await expect(page.getByRole('list', { name: text.models }).first().getByRole('link')).toHaveCount(3);

    const offer = page.locator('article.specials-offer', { has: page.getByRole('heading', { name: text.offer }) });
    const claimed = page.waitForResponse(
      (response) => response.url().includes('/special/dailybonus/') && response.request().method() === 'POST',
    );
    await offer.getByRole('button', { name: text.buy }).click();
    expect((await claimed).status()).toBe(200);
    await expect(offer.getByText(text.taken)).toBeVisible();
    await expect(page.getByText(text.claimed)).toBeVisible();
    await expect(offer.getByRole('button', { name: text.buy })).toHaveCount(0);

    // The server keeps what she took: a new page load shows the offer consumed.
    await page.reload();
    await shellReady(page);
    const again = page.locator('article.specials-offer', { has: page.getByRole('heading', { name: text.offer }) });
    await expect(again).toHaveAttribute('data-consumed', 'true');
    await expect(again.getByText(text.taken)).toBeVisible();
    await expect(again.getByRole('button', { name: text.buy })).toHaveCount(0);
  });
}
