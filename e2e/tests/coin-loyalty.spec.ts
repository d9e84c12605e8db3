import { expect, shellReady, signUp, test } from './fixtures';

/** The gold rush page, as a guest reads it in each language. */
const TEXTS = {
  de: {
    page: '/de/goldrausch/',
    title: 'Goldrausch: dein Coin-Treuebonus',
    tiers: [
      'Ab 100 ausgegebenen Coins: 5 % zurück',
      'Ab 500 ausgegebenen Coins: 7 % zurück',
      'Ab 2000 ausgegebenen Coins: 10 % zurück',
    ],
    login: 'Melde dich an, um deine Ausgaben zu sehen und deinen Bonus abzuholen.',
    spent: /^Im .+ \d{4} hast du 0 Coins ausgegeben\.$/,
    noTier: 'Gib in einem Monat mindestens 100 Coins aus, um im Monat danach einen Bonus zu bekommen.',
  },
  es: {
    page: '/es/fiebre-del-oro/',
    title: 'Fiebre del oro: tu bono de fidelidad',
    tiers: [
      'Desde 100 monedas gastadas: 5 % de vuelta',
      'Desde 500 monedas gastadas: 7 % de vuelta',
      'Desde 2000 monedas gastadas: 10 % de vuelta',
    ],
    login: 'Inicia sesión para ver tus gastos y recoger tu bono.',
    spent: /^En .+ gastaste 0 monedas\.$/,
    noTier: 'Gasta al menos 100 monedas en un mes para recibir un bono el mes siguiente.',
  },
} as const;

for (const language of ['de', 'es'] as const) {
  const text = TEXTS[language];

  test(`${language}: the gold rush page shows a visitor its tiers and a new guest her last month`, async ({ page }) => {
    // A visitor reads the programme and is asked to log in for her own figures.
    await page.goto(text.page);
    await shellReady(page);
    await expect(page.getByRole('heading', { level: 1, name: text.title })).toBeVisible();
    await expect(page.getByTestId('coin-loyalty-tiers').getByRole('listitem')).toHaveText([...text.tiers]);
    await expect(page.getByText(text.login)).toBeVisible();

    // A guest who spent nothing last month sees that (the server's figures), what earns a bonus, and nothing to
    // claim.
    await signUp(page, `Gold${language}`);
    await page.goto(text.page);
    await expect(page.getByTestId('coin-loyalty-spent')).toHaveText(text.spent);
    await expect(page.getByText(text.noTier)).toBeVisible();
    await expect(page.getByTestId('coin-loyalty').getByRole('button')).toHaveCount(0);
    await expect(page.getByText(text.login)).toHaveCount(0);
  });
}
