import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';

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
