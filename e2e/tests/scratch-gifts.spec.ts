import type { Page } from '@playwright/test';
import { expect, signUp, test } from './fixtures';

/** The texts of the benefits, scratch card and gift calendar pages, as the guest reads them in each language. */
const TEXTS = {
  de: {
    benefits: '/de/myvisitx/vorteile/',
    field: 'Bonuscode, Promocode oder Rubbellos',
    redeemCode: 'Einlösen',
    toCard: 'Jetzt rubbeln',
    scratchPage: '/de/rubbellos/',
    redeemCard: 'Los einlösen',
    won: 'Dein Los bringt dir:',
    freeMessages: '5 Gratis-Nachrichten',
    giftCalendar: '/de/geschenkkalender/',
    openGift: /^Heutiges Geschenk von .+ öffnen$/,
    opened: /^Das Geschenk von .+: 1 Messenger-Geschenk!$/,
  },
  es: {
    benefits: '/es/myvisitx/beneficios/',
    field: 'Código de bonificación, código promocional o rasca y gana',
    redeemCode: 'Canjear',
    toCard: 'Rascar ahora',
    scratchPage: '/es/rasca-y-gana/',
    redeemCard: 'Canjear la tarjeta',
    won: 'Tu tarjeta te ha dado:',
    freeMessages: '5 mensajes gratis',
    giftCalendar: '/es/calendario-de-regalos/',
    openGift: /^Abrir el regalo de hoy de .+$/,
    opened: /^El regalo de .+: ¡1 regalo de mensajero!$/,
  },
} as const;

/** Drags the pointer across the card's cover row by row, as a finger scratches it off. */
async function scratch(page: Page) {
  const cover = page.getByTestId('scratch-card').locator('canvas');
  // In the middle of the screen, clear of the fixed navbar.
  await cover.evaluate((canvas) => canvas.scrollIntoView({ block: 'center' }));
  const box = (await cover.boundingBox())!;
  await page.mouse.move(box.x + 4, box.y + 4);
  await page.mouse.down();
  for (let y = 8; y < box.height; y += 16) {
    await page.mouse.move(box.x + box.width - 4, box.y + y, { steps: 12 });
    await page.mouse.move(box.x + 4, box.y + y + 8, { steps: 12 });
  }
  await page.mouse.up();
}

for (const language of ['de', 'es'] as const) {
  const text = TEXTS[language];

  test(`${language}: a guest wins a scratch card, scratches it, redeems it and sees the prize in her benefits`, async ({
    page,
  }) => {
    await signUp(page, `Scratch${language}`);
    await page.goto(text.benefits);
    const cards = page.locator('[data-benefit="bonusCodeCount"] dd');
    const messages = page.locator('[data-benefit="freeMessagesCount"] dd');
    await expect(cards).toHaveText('0');
    // The demo code LUCKYCARD gives a scratch card: a bonus-code voucher.
    await page.getByLabel(text.field).fill('LUCKYCARD');
    await page.getByRole('button', { name: text.redeemCode, exact: true }).click();
    await expect(cards).toHaveText('1');

    await page.getByRole('link', { name: text.toCard }).click();
    await expect(page).toHaveURL(new RegExp(`${text.scratchPage}$`));
    await expect(page.getByTestId('scratch-card-code')).toHaveCount(0);
    await scratch(page);
    await expect(page.getByTestId('scratch-card-code')).toHaveText('VELVET-PRIZE');
    await page.getByRole('button', { name: text.redeemCard }).click();
    const result = page.getByTestId('scratch-card-result');
    await expect(result).toContainText(text.won);
    await expect(result).toContainText(text.freeMessages);
    await expect(page.getByTestId('navbar-balance')).toHaveText('15\u00a0VXC');

    await page.goto(text.benefits);
    await expect(messages).toHaveText('5');
    await expect(cards).toHaveText('0');
  });

  test(`${language}: a guest opens today's gift of a performer's gift calendar and finds it in her benefits`, async ({
    page,
  }) => {
    await signUp(page, `Gift${language}`);
    await page.goto(text.giftCalendar);
    const open = page.getByRole('button', { name: text.openGift }).first();
    await open.click();
    await expect(page.getByTestId('gift-calendar-result')).toHaveText(text.opened);
    await page.goto(text.benefits);
    await expect(page.locator('[data-benefit="messengerGiftCount"] dd')).toHaveText('1');
  });
}
