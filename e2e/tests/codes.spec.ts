import { expect, signUp, test } from './fixtures';

/** The texts of the benefits page, as the guest reads them in each language. */
const TEXTS = {
  de: {
    benefits: '/de/myvisitx/vorteile/',
    field: 'Bonuscode, Promocode oder Rubbellos',
    redeem: 'Einlösen',
    redeemed: 'Code VELVET10 eingelöst. Du erhältst:',
    coins: 'Bonus-Coins: 10',
    unknown: 'Diesen Code gibt es nicht. Bitte prüfe deine Eingabe.',
    again: 'Du hast diesen Code bereits eingelöst.',
  },
  es: {
    benefits: '/es/myvisitx/beneficios/',
    field: 'Código de bonificación, código promocional o rasca y gana',
    redeem: 'Canjear',
    redeemed: 'Código VELVET10 canjeado. Recibes:',
    coins: 'Monedas de bonificación: 10',
    unknown: 'Este código no existe. Comprueba lo que has escrito.',
    again: 'Ya has canjeado este código.',
  },
} as const;

for (const language of ['de', 'es'] as const) {
  const text = TEXTS[language];

  test(`${language}: a guest redeems the demo bonus code and sees her balance and free messages grow; a wrong code is named`, async ({
    page,
  }) => {
    await signUp(page, `Code${language}`);
    await page.goto(text.benefits);
    const messages = page.locator('[data-benefit="freeMessagesCount"] dd');
    await expect(messages).toHaveText('0');
    const field = page.getByLabel(text.field);
    const redeem = page.getByRole('button', { name: text.redeem, exact: true });

    await field.fill('NO-SUCH-CODE');
    await redeem.click();
    await expect(page.getByRole('alert').filter({ hasText: text.unknown })).toBeVisible();
    await expect(page.getByTestId('navbar-balance')).toHaveText('0\u00a0VXC');

    // Typed as guests type it: lower case, with spaces around.
    await field.fill(' velvet10 ');
    await redeem.click();
    const redeemed = page.getByTestId('bonus-code-redeemed');
    await expect(redeemed).toContainText(text.redeemed);
    await expect(redeemed).toContainText(text.coins);
    await expect(page.getByTestId('navbar-balance')).toHaveText('10\u00a0VXC');
    await expect(messages).toHaveText('3');

    await field.fill('VELVET10');
    await redeem.click();
    await expect(page.getByRole('alert').filter({ hasText: text.again })).toBeVisible();
    await expect(page.getByTestId('navbar-balance')).toHaveText('10\u00a0VXC');
  });
}
