import { expect, setRecommendedTerms, signUp, test } from './fixtures';

/** A 16×16 PNG, made once: what a guest picks from her disk. */
const PICTURE = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAABAAAAAQCAIAAACQkWg2AAAACXBIWXMAAAPoAAAD6AG1e1JrAAAAGUlEQVQokWM4w5BGEmIY1cAwGkpnhmvSAAAUizIQ2zQCpwAAAABJRU5ErkJggg==',
  'base64',
);

const TEXTS = {
  de: {
    write: 'Nachricht schreiben',
    message: 'Deine Nachricht',
    send: 'Senden',
    pay: /bezahlen/,
    card: 'Kartennummer',
  },
  nl: { write: 'Bericht schrijven', message: 'Je bericht', send: 'Versturen', pay: /betalen/, card: 'Kaartnummer' },
} as const;

for (const language of ['de', 'nl'] as const) {
  const text = TEXTS[language];
  test(`a guest tops up, sends a paid message, a gift and a picture, and gets an answer (${language})`, async ({
    page,
    request,
  }) => {
    await setRecommendedTerms(request, { isMessagingFree: false });
    await signUp(page, 'Msg');
    await page.goto(`/${language}/messenger/`);
    const messenger = page.locator('[data-remote="mf-messenger"]');
    await messenger.getByRole('button', { name: text.write }).first().click();
    await messenger.getByLabel(text.message).fill('Hallo!');
    await messenger.getByRole('button', { name: text.send, exact: true }).click();

    // Too little money: the message waits, and the money charge opens; paying sends it.
    const dialog = page.getByRole('dialog');
    await expect(dialog.getByTestId('money-charge')).toBeVisible();
    await dialog.getByLabel(text.card).fill('4242 4242 4242 4242');
    await dialog.getByRole('button', { name: text.pay }).click();
    await expect(dialog).toBeHidden();
    const sent = messenger.locator('li[data-sender="guest"]', { hasText: 'Hallo!' });
    await expect(sent).toBeVisible();
    await expect(sent).not.toHaveAttribute('data-pending', 'true');
    await expect(page.getByTestId('navbar-balance')).toHaveText('39\u00a0VXC');

    // A gift: bought from the catalogue, then put into a message.
    await messenger.locator('.mf-messenger__shop li').first().getByRole('button').click();
    await expect(page.getByTestId('navbar-balance')).toHaveText('37\u00a0VXC');
    await messenger.locator('.mf-messenger__gifts').getByRole('button').first().click();
    await messenger.getByRole('button', { name: text.send, exact: true }).click();
    await expect(messenger.locator('li[data-type="gift"]')).toBeVisible();
    await expect(page.getByTestId('navbar-balance')).toHaveText('36\u00a0VXC');

    // A picture, shown back from its signed address.
    await messenger.locator('input[type="file"]').setInputFiles({
      name: 'picture.png',
      mimeType: 'image/png',
      buffer: PICTURE,
    });
    const picture = messenger.locator('li[data-type="image_sent"] img');
    await expect(picture).toBeVisible();
    await expect.poll(() => picture.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);

    // The performer answers.
    await expect(messenger.locator('li[data-sender="actor"]').last()).toBeVisible();
  });
}
