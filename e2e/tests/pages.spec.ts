import { readFile, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { APIRequestContext, Page } from '@playwright/test';
import { federationManifest, type RemoteDescriptor } from '@velvet/contracts';
import { expect, test } from './fixtures';
import { ops, teamCheckout } from './ops';

/** The new page: its route, its menu entry under Specials and its label in every language. */
const LABELS = { de: 'Sommernächte', en: 'Summer nights', nl: 'Zomernachten', es: 'Noches de verano' };
const SLUGS = { de: 'sommernaechte', en: 'summer-nights', es: 'noches-de-verano' };
const SPECIALS_MENU = { de: 'Specials', en: 'Specials', es: 'Especiales' };

const PAGE_COMPONENT = `import { useTranslation } from 'react-i18next';

/** The summer nights special: its title, from the labels the remote declares. */
export function SummerNightsPage() {
  const { t } = useTranslation();
  return <h1 data-testid="summer-nights">{t('routes.summerNights')}</h1>;
}
`;

/**
 * A checkout of mf-specials with one page more, made as a team makes it: remote.json declares the route and the menu
 * entry, the page component is added and mapped to its route. Its packages are this repository's.
 */
async function specialsWithSummerNights(slugs: Record<keyof typeof SLUGS, string>): Promise<string> {
  const dir = await teamCheckout('mf-specials');

  const descriptor = JSON.parse(await readFile(join(dir, 'remote.json'), 'utf8')) as RemoteDescriptor;
  descriptor.routes.push({ name: 'summerNights', path: slugs, args: [] });
  descriptor.menus.push({
    where: 'navbar',
    parent: 'specials',
    route: 'summerNights',
    label: 'routes.summerNights',
    order: 35,
  });
  for (const [language, label] of Object.entries(LABELS))
    descriptor.messages[language as keyof typeof LABELS]['routes.summerNights'] = label;
  await writeFile(join(dir, 'remote.json'), JSON.stringify(descriptor, null, 2));

  await writeFile(join(dir, 'src', 'SummerNightsPage.tsx'), PAGE_COMPONENT);
  const app = join(dir, 'src', 'SpecialsApp.tsx');
  const source = await readFile(app, 'utf8');
  const withPage = source
    .replace(
      "import './specials.css';",
      "import { SummerNightsPage } from './SummerNightsPage';\nimport './specials.css';",
    )
    .replace('clashOfCams: ClashPage,', 'clashOfCams: ClashPage,\n  summerNights: SummerNightsPage,');
  expect(withPage).toContain('summerNights: SummerNightsPage');
  await writeFile(app, withPage);
  return dir;
}

async function pinnedSpecials(request: APIRequestContext): Promise<string> {
  const response = await request.get('/rest/v1/federation/manifest?tenant=velvet');
  expect(response.status()).toBe(200);
  return federationManifest.parse(await response.json()).remotes.find((remote) => remote.name === 'mf-specials')!
    .version;
}

/** The Specials submenu of the navbar, opened: a menu is a <details>, its title the <summary>. */
async function openSpecialsMenu(page: Page, language: keyof typeof SPECIALS_MENU) {
  const navbar = page.getByTestId('navbar');
  await navbar.locator('summary', { hasText: SPECIALS_MENU[language] }).click();
  return navbar.locator('details[open] > .vv-nav__submenu');
}

test('a team ships a page of mf-specials alone: deploy and pin serve it, rollback removes it, a taken slug is refused', async ({
  page,
  request,
  baseURL,
  expectFailure,
}) => {
  test.setTimeout(420_000);
  const before = await pinnedSpecials(request);
  const checkout = await specialsWithSummerNights(SLUGS);
  // The same page with the English slug of mf-feed's page.
  const taken = await specialsWithSummerNights({ ...SLUGS, en: 'feed' });
  let pinned = false;
  try {
    // Both builds at once: the one refused costs no extra wait.
    const [deploy, refused] = await Promise.all([
      ops(baseURL!, 'deploy', 'mf-specials', '--source', checkout, '--pin', 'velvet'),
      ops(baseURL!, 'deploy', 'mf-specials', '--source', taken, '--pin', 'velvet'),
    ]);
    expect(refused.code, refused.out).toBe(1);
    expect(refused.out).toMatch(/error ROUTE_CONFLICT \(422\): .*feed/);
    expect(deploy.code, deploy.out).toBe(0);
    pinned = true;
    const version = /published mf-specials (\S+)/.exec(deploy.out)?.[1] ?? '';
    expect(version).toMatch(/^0\.1\.0-/);
    expect(deploy.out).toContain(`pinned velvet: mf-specials ${version}`);

    // The next page load has the menu entry, and it leads to the page at its slug in each language.
    for (const language of ['de', 'en', 'es'] as const) {
      await page.goto(`/${language}/`);
      const entry = (await openSpecialsMenu(page, language)).getByRole('link', { name: LABELS[language] });
      await expect(entry).toHaveAttribute('href', `/${language}/${SLUGS[language]}/`);
      await entry.click();
      await expect(page).toHaveURL(new RegExp(`/${language}/${SLUGS[language]}/$`));
      await expect(page.getByTestId('summer-nights')).toHaveText(LABELS[language]);
    }
    // Dutch takes the English slug, as every page does.
    await page.goto(`/nl/${SLUGS.en}/`);
    await expect(page.getByTestId('summer-nights')).toHaveText(LABELS.nl);

    const rollback = await ops(baseURL!, 'rollback', 'mf-specials', '--tenant', 'velvet');
    expect(rollback.code, rollback.out).toBe(0);
    pinned = false;
    expect(await pinnedSpecials(request)).toBe(before);

    // Gone on the next page load: no menu entry, and its URL is the not-found page.
    await page.goto('/en/');
    const menu = await openSpecialsMenu(page, 'en');
    await expect(menu.getByRole('link', { name: 'Contests' })).toBeVisible();
    await expect(menu.getByRole('link', { name: LABELS.en })).toHaveCount(0);
    expectFailure(new RegExp(`^404 GET http://localhost:\\d+/en/${SLUGS.en}/$`));
    expectFailure(/Failed to load resource: the server responded with a status of 404/);
    const gone = await page.goto(`/en/${SLUGS.en}/`);
    expect(gone?.status()).toBe(404);
    await expect(page.getByTestId('not-found')).toBeVisible();
    await expect(page.getByTestId('summer-nights')).toHaveCount(0);
  } finally {
    // The specs after this one find mf-specials as it was.
    if (pinned) expect((await ops(baseURL!, 'rollback', 'mf-specials', '--tenant', 'velvet')).code).toBe(0);
    await Promise.all([checkout, taken].map((dir) => rm(join(dir, '..'), { recursive: true, force: true })));
  }
});
