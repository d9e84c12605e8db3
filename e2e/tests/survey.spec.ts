import type { Page } from '@playwright/test';
import { featureFeedbackIdsQuery, type AuthResponse } from '@velvet/contracts';
import { expect, shellReady, test } from './fixtures';

// The feedback survey as a visitor meets it: the footer's link opens it as a modal dialog, she rates and writes,
// the server stores it; asked again the same day, the survey says when she may send the next (the server's time
// limit, on a reload too), in each language.

const surveyCall = (page: Page, path: 'feedbackdata' | 'feedback') =>
  page.waitForResponse((response) => new URL(response.url()).pathname === `/rest/v1/survey/${path}`);

for (const { language, link, title, stars, feedback, send, thanks, close, timeLimit } of [
  {
    language: 'de',
    link: 'Feedback geben',
    title: 'Dein Feedback',
    stars: '4 Sterne',
    feedback: 'Was möchtest du uns sagen?',
    send: 'Senden',
    thanks: 'Danke für dein Feedback!',
    close: 'Schließen',
    timeLimit: /^Du hast uns vor Kurzem schon Feedback geschickt\. Ab .+ kannst du wieder welches senden\.$/,
  },
  {
    language: 'es',
    link: 'Danos tu opinión',
    title: 'Tu opinión',
    stars: '4 estrellas',
    feedback: '¿Qué quieres contarnos?',
    send: 'Enviar',
    thanks: '¡Gracias por tu opinión!',
    close: 'Cerrar',
    timeLimit: /^Ya nos enviaste tu opinión hace poco\. Podrás enviar otra a partir del .+\.$/,
  },
]) {
  test(`a visitor sends feedback once a day through the footer's survey (${language})`, async ({ page }) => {
    await page.goto(`/${language}/`);
    const open = async () => {
      const data = surveyCall(page, 'feedbackdata');
      await page.getByRole('contentinfo').getByRole('button', { name: link }).click();
      const dialog = page.getByRole('dialog', { name: title });
      await expect(dialog).toBeVisible();
      return { dialog, data: (await (await data).json()) as { open: boolean; openFrom: string | null } };
    };

    const first = await open();
    expect(first.data).toEqual({ open: true, openFrom: null });
    const form = first.dialog.getByTestId('feedback-survey');
    const sendButton = form.getByRole('button', { name: send });
    await expect(sendButton).toBeDisabled();
    await form.getByRole('radio', { name: stars, exact: true }).check();
    await form.getByLabel(feedback).fill(`Feedback ${language}: the site is quick.`);
    const stored = surveyCall(page, 'feedback');
    await sendButton.click();
    const answer = await stored;
    expect(answer.status()).toBe(200);
    expect(await answer.json()).toEqual({ stored: true, timeLimit: false });
    await expect(first.dialog.getByRole('status')).toHaveText(`${thanks}${close}`);
    await first.dialog.getByTestId('survey-done').getByRole('button', { name: close }).click();
    await expect(first.dialog).toBeHidden();

    // Asked again, on this page and after a reload: the server's one answer a day holds.
    for (const again of ['same page', 'reloaded']) {
      if (again === 'reloaded') await page.reload();
      const next = await open();
      expect(next.data.open, again).toBe(false);
      expect(Date.parse(next.data.openFrom!), again).toBeGreaterThan(Date.now());
      await expect(next.dialog.getByTestId('survey-done').locator('p')).toHaveText(timeLimit);
      await expect(next.dialog.getByTestId('feedback-survey')).toHaveCount(0);
      await next.dialog.getByTestId('survey-done').getByRole('button', { name: close }).click();
      await expect(next.dialog).toBeHidden();
    }
  });
}

// Feature feedback: a logged-in guest who searched three times in a tab is asked once how she likes the search;
// her rating is kept, and she is not asked again (a new tab counts anew, the server remembers she rated it).
for (const { language, field, title, stars, send, thanks } of [
  {
    language: 'de',
    field: 'Die Seite durchsuchen',
    title: 'Wie gefällt es dir?',
    stars: '5 Sterne',
    send: 'Senden',
    thanks: 'Danke für dein Feedback!',
  },
  {
    language: 'es',
    field: 'Buscar en el sitio',
    title: '¿Qué te parece?',
    stars: '5 estrellas',
    send: 'Enviar',
    thanks: '¡Gracias por tu opinión!',
  },
]) {
  test(`a guest rates the search after her third search, once (${language})`, async ({ page, context }) => {
    const stamp = `${Date.now()}${Math.floor(Math.random() * 1000)}`;
    const signup = await page.request.post(`/rest/v1/auth/signup?language=${language}`, {
      data: { email: `rate-${stamp}@example.com`, password: 'a-long-enough-password', name: `Rate${stamp.slice(-9)}` },
    });
    expect(signup.status()).toBe(200);
    const { accessToken } = (await signup.json()) as AuthResponse;
    await page.goto(`/${language}/`);
    await page.evaluate((token) => localStorage.setItem('velvet.session', token), accessToken);
    await page.reload();
    const rated = async () => {
      const answer = await page.request.post('/graphql', {
        headers: { authorization: `Bearer ${accessToken}` },
        data: { query: featureFeedbackIdsQuery.document },
      });
      return ((await answer.json()) as { data: { featureFeedbackIds: string[] } }).data.featureFeedbackIds;
    };
    expect(await rated()).toEqual([]);
    const search = async (on: Page, pattern: string) => {
      await on.keyboard.press('/');
      const input = on.getByRole('combobox', { name: field });
      await input.fill(pattern);
      await input.press('Enter');
      await expect(on.getByRole('combobox', { name: field })).toHaveCount(0);
      await expect(on).toHaveURL(new RegExp(`/${encodeURIComponent(pattern)}/$`));
    };
    const survey = page.getByRole('dialog', { name: title });

    await search(page, 'anna');
    await search(page, 'video');
    await expect(survey).toHaveCount(0);
    await search(page, 'party');
    await expect(survey).toBeVisible();
    const form = survey.getByTestId('feature-survey');
    await form.getByRole('radio', { name: stars, exact: true }).check();
    const sent = page.waitForResponse(
      async (response) =>
        new URL(response.url()).pathname === '/graphql' && (await response.text()).includes('"featureFeedback":'),
    );
    await form.getByRole('button', { name: send }).click();
    expect((await sent).status()).toBe(200);
    await expect(survey.getByTestId('survey-done')).toContainText(thanks);
    await expect.poll(rated).toEqual(['globalSearch']);
    await survey.getByTestId('survey-done').getByRole('button').click();
    await expect(survey).toHaveCount(0);

    // A new tab counts its searches anew; at the third the server says she rated the search already.
    const other = await context.newPage();
    await other.goto(`/${language}/`);
    await shellReady(other);
    const asked = other.waitForResponse(
      async (response) =>
        new URL(response.url()).pathname === '/graphql' && (await response.text()).includes('"featureFeedbackIds":'),
    );
    for (const pattern of ['anna', 'video', 'party']) await search(other, pattern);
    expect(((await (await asked).json()) as { data: { featureFeedbackIds: string[] } }).data).toEqual({
      featureFeedbackIds: ['globalSearch'],
    });
    await expect(other.getByRole('dialog', { name: title })).toHaveCount(0);
  });
}
