import { expect, test } from './fixtures';
import { linkIn, mailTo } from './mail';

/** What a guest sees and types in her language along the way. */
const WORDS = {
  de: {
    login: 'Einloggen',
    forgot: 'Passwort vergessen?',
    send: 'Link schicken',
    sent: 'ist ein Link für ein neues Passwort unterwegs',
    subject: /^Dein neues Passwort für /,
    resetPath: /^\/de\/passwort\/neu\/[\w-]+\/$/,
    newPassword: 'Neues Passwort',
    save: 'Neues Passwort speichern',
    saved: 'Dein neues Passwort ist gespeichert.',
    used: 'Dieser Link wurde schon benutzt.',
    email: 'E-Mail',
    password: 'Passwort',
  },
  es: {
    login: 'Iniciar sesión',
    forgot: '¿Has olvidado tu contraseña?',
    send: 'Enviarme el enlace',
    sent: 'un enlace para elegir una nueva contraseña va de camino',
    subject: /^Tu nueva contraseña para /,
    resetPath: /^\/es\/contrasena\/restablecer\/[\w-]+\/$/,
    newPassword: 'Nueva contraseña',
    save: 'Guardar la nueva contraseña',
    saved: 'Tu nueva contraseña está guardada.',
    used: 'Este enlace ya se ha usado.',
    email: 'Correo electrónico',
    password: 'Contraseña',
  },
} as const;

for (const [language, words] of Object.entries(WORDS)) {
  test(`a guest resets her password from the mail and logs in with the new one (${language})`, async ({
    page,
    request,
    expectFailure,
  }) => {
    const id = `${Date.now().toString(36)}${Math.floor(Math.random() * 1000)}`;
    const email = `reset-${id}@example.com`;
    const name = `Reset${id}`.slice(0, 20);
    const signup = await request.post(`/rest/v1/auth/signup?language=${language}`, {
      data: { email, password: 'the first passphrase', name },
    });
    expect(signup.status()).toBe(200);

    await page.goto(`/${language}/`);
    await page.getByTestId('navbar').getByRole('button', { name: words.login }).click();
    await page.getByTestId('login-form').getByRole('button', { name: words.forgot }).click();
    const forgot = page.getByTestId('forgot-form');
    await forgot.getByLabel(words.email).fill(email);
    await forgot.getByRole('button', { name: words.send }).click();
    await expect(page.getByTestId('forgot-sent')).toContainText(words.sent);

    // The mail went over SMTP, in the language of the page the guest asked from, with both parts.
    const mail = await mailTo(email, words.subject);
    const link = linkIn(mail, words.resetPath);
    expect(mail.html).toContain(link);

    await page.goto(link);
    const account = page.locator('[data-remote="mf-account"]');
    await account.getByLabel(words.newPassword).fill('my brand new passphrase');
    await account.getByRole('button', { name: words.save }).click();
    await expect(account.getByRole('status')).toContainText(words.saved);
    await account.getByRole('button', { name: words.login }).click();
    const login = page.getByTestId('login-form');
    await login.getByLabel(words.email).fill(email);
    await login.getByLabel(words.password, { exact: true }).fill('my brand new passphrase');
    await login.getByRole('button', { name: words.login }).click();
    await expect(page.getByTestId('login-form')).toBeHidden();
    await expect(page.getByRole('banner')).toContainText(name);

    // The link works once.
    expectFailure(/^410 POST .*\/rest\/v1\/auth\/password\/reset/);
    expectFailure(/Failed to load resource: the server responded with a status of 410/);
    await page.goto(link);
    await account.getByLabel(words.newPassword).fill('yet another passphrase');
    await account.getByRole('button', { name: words.save }).click();
    await expect(account.getByRole('alert')).toContainText(words.used);
  });
}
