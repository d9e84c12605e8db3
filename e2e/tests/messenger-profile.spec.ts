import { expect, signUp, test } from './fixtures';
import { PINNED_PERFORMERS } from './pinned-performers';

const TEXTS = {
  de: { write: 'Nachricht schreiben', message: 'Deine Nachricht' },
  nl: { write: 'Bericht sturen', message: 'Je bericht' },
} as const;
const performer = PINNED_PERFORMERS.livechat;

for (const language of ['de', 'nl'] as const) {
  const text = TEXTS[language];
  test(`a performer's profile opens the conversation with her in the messenger (${language})`, async ({ page }) => {
    // A visitor is asked to log in first.
    await page.goto(`/${language}/amateur/${performer}/`);
    await page.locator('[data-slot="actorProfile.message"]').getByRole('button', { name: text.write }).click();
    await expect(page.getByTestId('login-form')).toBeVisible();

    await signUp(page, 'Prof');
    await page.goto(`/${language}/amateur/${performer}/`);
    await page.locator('[data-slot="actorProfile.message"]').getByRole('button', { name: text.write }).click();
    await expect(page).toHaveURL(new RegExp(`/${language}/messenger/`));
    const messenger = page.locator('[data-remote="mf-messenger"]');
    await expect(messenger.getByLabel(text.message)).toBeVisible();
    await messenger.getByLabel(text.message).fill('Hallo!');
    await messenger.getByRole('button', { name: language === 'de' ? 'Senden' : 'Versturen', exact: true }).click();
    await expect(messenger.locator('li[data-sender="guest"]', { hasText: 'Hallo!' })).toBeVisible();
  });
}
