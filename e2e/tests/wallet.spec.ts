import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';

async function signUp(page: Page) {
  const stamp = `${Date.now()}${Math.floor(Math.random() * 1000)}`;
  await page.goto('/en/');
  await page.getByTestId('navbar').getByRole('button', { name: 'Sign up' }).click();
  const signup = page.getByTestId('signup-form');
  await signup.getByLabel('User name').fill(`Payer${stamp.slice(-8)}`);
  await signup.getByLabel('Email').fill(`payer-${stamp}@example.com`);
  await signup.getByLabel('Password').fill('a-long-enough-password');
  await signup.getByRole('button', { name: 'Sign up' }).click();
  await expect(signup).toBeHidden();
  await expect(page.getByTestId('navbar-balance')).toHaveText('0\u00a0VXC');
}

/** Opens the money charge from the navbar balance; answers the dialog. */
async function openMoneyCharge(page: Page) {
  await page.getByTestId('navbar-balance').click();
  const dialog = page.getByRole('dialog', { name: 'Buy coins' });
  await expect(dialog.getByTestId('money-charge')).toBeVisible();
  return dialog;
}

/** A new guest tops up from the navbar: 10 EUR with the test card buys 40 coins, shown without a reload. */
test('a new guest buys coins with the test card from the navbar balance', async ({ page }) => {
  await signUp(page);
  const dialog = await openMoneyCharge(page);
  await dialog.getByRole('radio', { name: /10,00\s€/ }).check();
  await expect(dialog.getByTestId('money-charge-coins')).toHaveText('You get 40\u00a0VXC');
  await dialog.getByLabel('Card number').fill('4242 4242 4242 4242');
  // an impatient double click pays once
  await dialog.getByRole('button', { name: 'Pay 10,00\u00a0€' }).dblclick();

  await expect(dialog).toBeHidden();
  await expect(page.getByText(/Thank you! 40\sVXC have been added/)).toBeVisible();
  await expect(page.getByTestId('navbar-balance')).toHaveText('40\u00a0VXC');
  await expect(page.getByTestId('sidebar-balance')).toHaveText('40\u00a0VXC');

  await page.reload();
  await expect(page.getByTestId('navbar-balance')).toHaveText('40\u00a0VXC');
});

/** A declined card says so clearly, the modal stays open and no coin moves. */
test('a declined card shows a clear message and moves nothing', async ({ page, expectFailure }) => {
  expectFailure(/^402 POST .*\/rest\/v1\/payment\/sandbox\/charge/);
  expectFailure(/Failed to load resource: the server responded with a status of 402/);
  await signUp(page);
  const dialog = await openMoneyCharge(page);
  await dialog.getByLabel('Card number').fill('4000000000000002');
  await dialog.getByRole('button', { name: 'Pay 10,00\u00a0€' }).click();

  await expect(dialog.getByTestId('money-charge-error')).toHaveText(
    'Your card was declined. Nothing was charged. Please use another card.',
  );
  await expect(dialog).toBeVisible();
  await expect(page.getByTestId('navbar-balance')).toHaveText('0\u00a0VXC');
  await expect(page.getByTestId('sidebar-balance')).toHaveText('0\u00a0VXC');

  // the server agrees: a reload shows the same balance
  await page.reload();
  await expect(page.getByTestId('navbar-balance')).toHaveText('0\u00a0VXC');
});

/** The money charge speaks every language of the site. */
test('the money charge in German, Dutch and Spanish', async ({ page }) => {
  await signUp(page);
  const texts = [
    { language: 'de', title: 'Coins kaufen', pay: '10,00\u00a0€ bezahlen', coins: 'Du bekommst 40\u00a0VXC' },
    { language: 'nl', title: 'Coins kopen', pay: '10,00\u00a0€ betalen', coins: 'Je krijgt 40\u00a0VXC' },
    { language: 'es', title: 'Comprar monedas', pay: 'Pagar 10,00\u00a0€', coins: 'Recibes 40\u00a0VXC' },
  ];
  for (const { language, title, pay, coins } of texts) {
    await page.goto(`/${language}/`);
    await page.getByTestId('navbar-balance').click();
    const dialog = page.getByRole('dialog', { name: title });
    await expect(dialog.getByTestId('money-charge-coins')).toHaveText(coins);
    await expect(dialog.getByRole('button', { name: pay })).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
  }
});
