import { execFileSync } from 'node:child_process';
import { join } from 'node:path';
import type { APIRequestContext, Page } from '@playwright/test';
import { expect, OPERATOR, scrollThroughHome, test } from './fixtures';

async function logIn(page: Page, account: { email: string; password: string }) {
  const login = page.getByTestId('login-form');
  await login.getByLabel('Email').fill(account.email);
  await login.getByLabel('Password').fill(account.password);
  await login.getByRole('button', { name: 'Log in' }).click();
  await expect(login).toBeHidden();
}

/** Opens the console as the seeded operator, through the console's own login prompt. */
async function openConsole(page: Page) {
  await page.goto('/en/operator/');
  const console = page.getByTestId('operator-console');
  await expect(console).toContainText('The operator console needs an operator login.');
  await console.getByRole('button', { name: 'Log in' }).click();
  await logIn(page, OPERATOR);
  await expect(page.getByTestId('navbar').getByRole('link', { name: 'Operator console' })).toBeVisible();
  return page.getByRole('region', { name: 'Amora (amora)' });
}

/** Publishes the built mf-tv once more under a new version, as `ops deploy` would upload it. */
async function publishTvVersion(request: APIRequestContext): Promise<string> {
  const login = await request.post('/rest/v1/auth/login', { data: OPERATOR });
  expect(login.ok()).toBe(true);
  const { accessToken } = (await login.json()) as { accessToken: string };
  const version = `0.1.0-console.${Date.now()}`;
  const archive = execFileSync(
    'tar',
    ['-czf', '-', '-C', join(import.meta.dirname, '..', '..', 'mf-tv', 'dist'), '.'],
    {
      maxBuffer: 256 * 1024 * 1024,
    },
  );
  const upload = await request.post(`/rest/v1/federation/remotes/mf-tv/versions/${version}`, {
    headers: { authorization: `Bearer ${accessToken}`, 'content-type': 'application/gzip' },
    data: archive,
  });
  expect(upload.status(), await upload.text()).toBe(200);
  return version;
}

test('an operator switches a feature of the white-label tenant off and on; the site follows on its next load', async ({
  page,
}) => {
  const amora = await openConsole(page);
  const feed = amora.getByRole('switch', { name: 'feed', exact: true });
  await expect(feed).toBeChecked();
  // The switch moves when the server has it.
  await feed.click();
  await expect(feed).not.toBeChecked();
  await expect(page.getByTestId('operator-deployments').locator('tbody tr').first()).toHaveAttribute(
    'data-action',
    'features',
  );

  // No deploy: the next page load of amora has no feed (no menu, no home block).
  await page.goto('/en/?tenant=amora');
  await scrollThroughHome(page);
  await expect(page.getByTestId('navbar')).toContainText('Amora');
  await expect(page.locator('[data-widget="home.TOP"]')).toBeVisible();
  await expect(page.getByTestId('navbar').getByRole('link', { name: 'Feed', exact: true })).toHaveCount(0);
  await expect(page.locator('[data-widget="home.Feed"]')).toHaveCount(0);

  await page.goto('/en/operator/');
  await amora.getByRole('switch', { name: 'feed', exact: true }).click();
  await expect(amora.getByRole('switch', { name: 'feed', exact: true })).toBeChecked();
  await page.goto('/en/?tenant=amora');
  await scrollThroughHome(page);
  await expect(page.locator('[data-widget="home.Feed"]')).toBeVisible();
  await expect(page.getByTestId('navbar').getByRole('link', { name: 'Feed', exact: true })).toBeVisible();
});

test('an operator pins a published version of a remote for one tenant and rolls it back; deployments follow', async ({
  page,
  request,
}) => {
  const version = await publishTvVersion(request);
  const amora = await openConsole(page);
  const tvRow = amora.locator('[data-remote-row="mf-tv"]');
  const pinned = tvRow.getByTestId('pinned-version');
  const before = (await pinned.textContent())!;
  const velvetBefore = await page
    .getByRole('region', { name: 'Velvet (velvet)' })
    .locator('[data-remote-row="mf-tv"]')
    .getByTestId('pinned-version')
    .textContent();

  await tvRow.getByRole('button', { name: 'Pin' }).click();
  const pinDialog = page.getByRole('dialog', { name: 'Pin a version of mf-tv for Amora' });
  await pinDialog.getByRole('combobox', { name: 'Version' }).selectOption(version);
  await pinDialog.getByRole('button', { name: 'Continue' }).click();
  await expect(pinDialog).toContainText(`Pin mf-tv ${version} for Amora?`);
  await pinDialog.getByRole('button', { name: 'Confirm' }).click();
  await expect(pinDialog).toBeHidden();
  await expect(pinned).toHaveText(version);
  const latest = page.getByTestId('operator-deployments').locator('tbody tr').first();
  await expect(latest).toHaveAttribute('data-action', 'pin');
  await expect(latest).toContainText(version);
  await expect(latest).toContainText('amora');

  // amora's visitors get the new version on their next load; the main tenant keeps its own.
  const newEntry = page.waitForRequest((request) => request.url().includes(`/remotes/mf-tv/${version}/`));
  await page.goto('/en/?tenant=amora');
  await scrollThroughHome(page);
  await newEntry;
  await expect(page.locator('[data-widget="home.TV"]')).toBeVisible();
  await page.goto('/en/operator/?tenant=velvet');
  // The browser reported that load: the health table has amora's new mf-tv (reports arrive by beacon).
  await expect(async () => {
    // Each look waits for the health the reloaded console asked for, however long the console takes to ask.
    const health = page.waitForResponse((response) => response.url().includes('/rest/v1/federation/health?'));
    await page.reload();
    await health;
    const loads = page.getByTestId('operator-health').locator('tbody tr', { hasText: version });
    await expect(loads).toContainText(/amora\s*mf-tv/, { timeout: 2_000 });
    await expect(loads).toContainText('pinned');
  }).toPass({ timeout: 60_000 });
  await expect(
    page
      .getByRole('region', { name: 'Velvet (velvet)' })
      .locator('[data-remote-row="mf-tv"]')
      .getByTestId('pinned-version'),
  ).toHaveText(velvetBefore!);

  await tvRow.getByRole('button', { name: 'Roll back' }).click();
  const rollbackDialog = page.getByRole('dialog', { name: 'Roll back mf-tv for Amora' });
  await expect(rollbackDialog).toContainText(`Roll mf-tv for Amora back from ${version} to ${before}?`);
  await rollbackDialog.getByRole('button', { name: 'Confirm' }).click();
  await expect(rollbackDialog).toBeHidden();
  await expect(pinned).toHaveText(before);
  await expect(latest).toHaveAttribute('data-action', 'rollback');
  await expect(latest).toContainText(before);
});

test('a guest without the operator role gets "operators only"', async ({ page }) => {
  await page.goto('/en/operator/');
  await page.getByTestId('operator-console').getByRole('button', { name: 'Log in' }).click();
  await logIn(page, { email: 'demo@velvet.test', password: 'velvet-demo' });
  await expect(page.getByTestId('operator-forbidden')).toContainText('Operators only');
  await expect(page.getByTestId('navbar').getByRole('link', { name: 'Operator console' })).toHaveCount(0);
});
