import type { Page } from '@playwright/test';
import type { AuthResponse } from '@velvet/contracts';
import { expect, test } from './fixtures';

/** A new guest with 40 coins (10 € through the sandbox card), logged in in this browser. */
async function guestWithCoins(page: Page) {
  const stamp = `${Date.now()}${Math.floor(Math.random() * 1000)}`;
  const signup = await page.request.post('/rest/v1/auth/signup', {
    data: { email: `bell-${stamp}@example.com`, password: 'a-long-enough-password', name: `Bell${stamp.slice(-8)}` },
  });
  expect(signup.status()).toBe(200);
  const { accessToken } = (await signup.json()) as AuthResponse;
  const charge = await page.request.post('/rest/v1/payment/sandbox/charge', {
    headers: { authorization: `Bearer ${accessToken}`, 'idempotency-key': `bell-${stamp}` },
    data: { amountEur: 10, cardNumber: '4242424242424242' },
  });
  expect(charge.status()).toBe(200);
  await page.context().addInitScript((token) => localStorage.setItem('velvet.session', token), accessToken);
}

const TEXTS = {
  de: { write: 'Nachricht schreiben', message: 'Deine Nachricht', send: 'Senden', bell: /^Benachrichtigungen/ },
  nl: { write: 'Bericht schrijven', message: 'Je bericht', send: 'Versturen', bell: /^Meldingen/ },
  markRead: { de: 'Als gelesen markieren', nl: 'Markeren als gelezen' },
} as const;

for (const language of ['de', 'nl'] as const) {
  const text = TEXTS[language];
  test(`a performer's answer in the messenger is in the bell, and the guest marks it read (${language})`, async ({
    page,
  }) => {
    await guestWithCoins(page);
    await page.goto(`/${language}/messenger/`);
    const messenger = page.locator('[data-remote="mf-messenger"]');
    await messenger.getByRole('button', { name: text.write }).first().click();
    await messenger.getByLabel(text.message).fill('Hallo!');
    await messenger.getByRole('button', { name: text.send, exact: true }).click();
    await expect(messenger.locator('li[data-sender="actor"]').last()).toBeVisible();

    // The answer arrives in the bell as an unread notification (the guest signed up in English).
    await expect(page.getByTestId('unread-count')).toHaveText('1');
    await page.getByRole('button', { name: text.bell }).click();
    const panel = page.getByRole('region', { name: text.bell });
    await expect(panel.getByRole('listitem')).toHaveCount(1);
    await expect(panel.getByRole('listitem')).toContainText('sent you a message');
    await panel.getByRole('button', { name: TEXTS.markRead[language], exact: true }).click();
    await expect(page.getByTestId('unread-count')).toBeHidden();

    // The server kept it read: after a reload the bell shows it without an unread count.
    await page.reload();
    await page.getByRole('button', { name: text.bell }).click();
    await expect(page.getByRole('region', { name: text.bell }).getByRole('listitem')).toContainText(
      'sent you a message',
    );
    await expect(page.getByTestId('unread-count')).toBeHidden();
  });
}
