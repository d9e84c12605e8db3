import { readFile } from 'node:fs/promises';
import type { Page } from '@playwright/test';
import type { AccountExport, AuthResponse } from '@velvet/contracts';
import { expect, test } from './fixtures';

/** A small PNG picture (8 × 8, one colour), as a phone's gallery would hand one over. */
const PICTURE = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAgAAAAICAIAAABLbSncAAAACXBIWXMAAAPoAAAD6AG1e1JrAAAAEUlEQVQImWM4oRGFFTEMLQkAWChSgWiSiFsAAAAASUVORK5CYII=',
  'base64',
);
const PASSWORD = 'a-long-enough-password';

const TEXTS = {
  de: {
    profile: '/de/myvisitx/profil/',
    choose: 'Bild auswählen',
    phone: 'Telefonnummer mit Ländervorwahl',
    send: 'PIN senden',
    pin: 'Die 6-stellige PIN aus der SMS',
    verify: 'Bestätigen',
    verified: 'Bestätigte Telefonnummer',
    download: 'Meine Daten herunterladen',
    password: 'Dein Passwort',
    remove: 'Mein Konto endgültig löschen',
    login: 'Einloggen',
  },
  nl: {
    profile: '/nl/myvisitx/profile/',
    choose: 'Kies een foto',
    phone: 'Telefoonnummer met landcode',
    send: 'Pincode sturen',
    pin: 'De pincode van 6 cijfers uit de sms',
    verify: 'Bevestigen',
    verified: 'Bevestigd telefoonnummer',
    download: 'Mijn gegevens downloaden',
    password: 'Je wachtwoord',
    remove: 'Mijn account definitief verwijderen',
    login: 'Inloggen',
  },
} as const;

/** A new guest, signed up through the API, whose session the browser then resumes. */
async function signedUpGuest(page: Page, language: string) {
  const stamp = `${Date.now()}${Math.floor(Math.random() * 1000)}`;
  const response = await page.request.post(`/rest/v1/auth/signup?language=${language}`, {
    data: { email: `life-${stamp}@example.com`, password: PASSWORD, name: `Life${stamp.slice(-9)}` },
  });
  expect(response.status()).toBe(200);
  const session = (await response.json()) as AuthResponse;
  await page.goto(`/${language}/`);
  await page.evaluate((token) => localStorage.setItem('velvet.session', token), session.accessToken);
  return { ...session, stamp };
}

for (const language of ['de', 'nl'] as const) {
  test(`a guest uploads a picture, verifies her phone, exports her data and deletes her account (${language})`, async ({
    page,
    expectFailure,
  }) => {
    const text = TEXTS[language];
    const { accessToken, guest, stamp } = await signedUpGuest(page, language);
    await page.goto(text.profile);

    // The picture: uploaded, re-encoded by the server, shown in the navbar and on the page.
    await page.getByLabel(text.choose).setInputFiles({ name: 'me.png', mimeType: 'image/png', buffer: PICTURE });
    const avatar = page.getByTestId('navbar').locator('img.vv-nav__avatar');
    await expect(avatar).toHaveAttribute('src', /^\/media\/guests\/[0-9a-f-]+\/avatar-[0-9a-f]{16}\.webp$/);
    await expect.poll(() => avatar.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(256);
    await page.reload();
    await expect(page.getByTestId('navbar').locator('img.vv-nav__avatar')).toBeVisible();

    // The phone: the sandbox provider's pin, read from its outbox as the SMS would be.
    const phone = `+49 151 ${stamp.slice(-8)}`;
    await page.getByLabel(text.phone).fill(phone);
    await page.getByRole('button', { name: text.send }).click();
    const pinInput = page.getByLabel(text.pin);
    await expect(pinInput).toBeVisible();
    const outbox = await page.request.get('/rest/v1/pincall/sandbox/outbox', {
      headers: { authorization: `Bearer ${accessToken}` },
    });
    const [sent] = (await outbox.json()).entries as { pin: string }[];
    await pinInput.fill(sent!.pin);
    await page.getByRole('button', { name: text.verify, exact: true }).click();
    await expect(page.getByTestId('phone-verified')).toContainText(`${text.verified}: +49 151 ${stamp.slice(-8)}`);

    // The export: a real JSON file with her profile and her verified phone.
    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: text.download }).click();
    const file = await download;
    expect(file.suggestedFilename()).toMatch(/^velvet-account-\d{4}-\d{2}-\d{2}\.json$/);
    const data = JSON.parse(await readFile((await file.path())!, 'utf8')) as AccountExport;
    expect(data.profile).toMatchObject({ id: guest.id, name: guest.name, email: guest.email });
    expect(data.phoneVerifications).toMatchObject([{ phone: phone.replace(/ /g, ''), verified: true }]);

    // The deletion: her session ends (its token is refused from then on) and the page starts over as a visitor's.
    expectFailure(/^401 GET .*\/rest\/v1\//);
    expectFailure(/Failed to load resource: the server responded with a status of 401/);
    await page.getByLabel(text.password).fill(PASSWORD);
    await page.getByRole('button', { name: text.remove }).click();
    await expect(page.getByTestId('navbar').getByRole('button', { name: text.login })).toBeVisible();
    await expect(page.getByTestId('navbar').locator('img.vv-nav__avatar')).toHaveCount(0);
    const login = await page.request.post('/rest/v1/auth/login', {
      data: { email: guest.email, password: PASSWORD },
    });
    expect(login.status()).toBe(401);
  });
}
