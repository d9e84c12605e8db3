import type { Page } from '@playwright/test';
import type { ActorProfile } from '@velvet/contracts';
import { expect, signUp, test } from './fixtures';
import { PINNED_PERFORMERS } from './pinned-performers';

/**
 * Subscriptions and deposit limits as a guest has them: the trial VIP gives the VIP's 20-second live preview,
 * the TV subscription opens premium TV, and a deposit limit refuses a charge over it. In German and Spanish.
 */

const CARD = '4242 4242 4242 4242';

/** A performer the server keeps on line whose live preview is on. */
async function previewPerformer(page: Page): Promise<ActorProfile> {
  for (const name of Object.values(PINNED_PERFORMERS)) {
    const profile = (await (
      await page.request.get(`/rest/v1/actor/getActorDataByIdOrName/${name}`)
    ).json()) as ActorProfile;
    if (profile.isLivePreviewEnabled) return profile;
  }
  throw new Error('No pinned performer has the live preview on');
}

test('a guest takes the trial VIP and gets the 20 s preview, then buys the TV subscription and watches premium TV (de)', async ({
  page,
}) => {
  await signUp(page, 'Vip');
  await page.goto('/de/vipclub/');
  const trial = page.getByRole('form', { name: 'VIP zum Testen' });
  await expect(trial.getByText(/1,99\s€ für 7 Tage, danach 9,99\s€ alle 30 Tage/)).toBeVisible();
  await trial.getByLabel('Kartennummer').fill(CARD);
  await trial.getByRole('button', { name: 'Für 1,99\u00a0€ abonnieren' }).click();
  await expect(page.getByRole('heading', { name: 'Deine VIP-Mitgliedschaft' })).toBeVisible();
  await expect(page.getByText(/verlängert sich dann für 9,99\s€/)).toBeVisible();
  // The trial is once per guest: it is no longer offered, even after a reload.
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Deine VIP-Mitgliedschaft' })).toBeVisible();
  await expect(page.getByRole('form', { name: 'VIP zum Testen' })).toHaveCount(0);

  const performer = await previewPerformer(page);
  await page.goto(`/de/amateur/${performer.name}/chat/`);
  await expect(page.locator('[data-chat-type="LIVE_PREVIEW"]')).toContainText('20 Sekunden');

  await page.goto('/de/tv/premium/livestream/');
  await expect(page.getByRole('heading', { name: 'TV-Abo erforderlich' })).toBeVisible();
  await page.getByRole('link', { name: 'Premium TV abonnieren' }).click();
  await expect(page).toHaveURL(/\/de\/tv\/premium\/abo\/$/);
  const tv = page.getByRole('form', { name: 'Premium TV' });
  await tv.getByLabel('Kartennummer').fill(CARD);
  await tv.getByRole('button', { name: 'Für 14,99\u00a0€ abonnieren' }).click();
  await expect(page.getByRole('heading', { name: 'Dein Premium-TV-Abo' })).toBeVisible();

  await page.goto('/de/tv/premium/livestream/');
  await expect(page.getByRole('status').filter({ hasText: 'Du hast ein TV-Abo' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'TV-Abo erforderlich' })).toHaveCount(0);
  await expect(page.locator('.mf-tv-onair')).toBeVisible();
});

test('a deposit limit refuses a larger charge and lets a smaller one through (es)', async ({ page, expectFailure }) => {
  expectFailure(/^409 POST .*\/rest\/v1\/payment\/sandbox\/charge/);
  expectFailure(/Failed to load resource: the server responded with a status of 409/);
  await signUp(page, 'Limit');
  await page.goto('/es/myvisitx/pagos/');
  const limits = page.getByTestId('deposit-limits');
  await limits.getByLabel('Límite por 24 horas (EUR, vacío para ninguno)').fill('15');
  await limits.getByRole('button', { name: 'Guardar límites' }).click();
  await expect(page.getByText('Tus límites de depósito ya se aplican.')).toBeVisible();

  await page.getByTestId('navbar-balance').click();
  const dialog = page.getByRole('dialog', { name: 'Comprar monedas' });
  await dialog.getByRole('radio', { name: /20,00\s€/ }).check();
  await dialog.getByLabel('Número de tarjeta').fill(CARD);
  await dialog.getByRole('button', { name: 'Pagar 20,00\u00a0€' }).click();
  await expect(dialog.getByTestId('money-charge-error')).toHaveText(
    'Este pago superaría tu límite de depósito. Puedes cambiar tus límites en Pagos.',
  );
  await expect(page.getByTestId('navbar-balance')).toHaveText('0\u00a0VXC');

  await dialog.getByRole('radio', { name: /10,00\s€/ }).check();
  await dialog.getByRole('button', { name: 'Pagar 10,00\u00a0€' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByTestId('navbar-balance')).toHaveText('40\u00a0VXC');
});
