/** @jest-environment node */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { remoteDescriptor, type FederationManifest, type ManifestRemote } from '@velvet/contracts';
import { createI18n } from '@velvet/i18n';
import type { PageRequest } from '@velvet/contracts';
import { renderPage, translatedOnce } from './server';

const tv: ManifestRemote = {
  name: 'mf-tv',
  version: '1.0.0',
  entry: '/remotes/mf-tv/1.0.0/mf-manifest.json',
  channel: 'pinned',
  descriptor: remoteDescriptor.parse(
    JSON.parse(readFileSync(path.join(__dirname, '..', '..', 'mf-tv', 'remote.json'), 'utf8')),
  ),
};
const manifest: FederationManifest = {
  tenant: {
    id: 'velvet',
    brand: 'Velvet',
    logoUrl: '/media/tenants/velvet/logo.webp',
    languages: ['de', 'en', 'nl', 'es'],
    theme: { 'color-accent': '#ff0066' },
    features: { tv: true },
    footerLinks: [],
  },
  remotes: [tv],
};
const request = (url: string): PageRequest => ({
  manifest,
  url,
  serverEntry: () => path.join(__dirname, 'no-such-store', 'server', 'remoteEntry.js'),
  fetch: () => Promise.reject(new Error('no server in this test')),
  token: 'a visitor token',
  budgetMs: 1000,
  shared: { load: (_key, load) => load(), kept: () => undefined },
});

describe('the server render', () => {
  it('renders the layout in the URL language with the tenant theme, and leaves a part without a node build to the browser', async () => {
    const page = await renderPage(request('/de/tv/programm/'));
    expect(page.language).toBe('de');
    expect(page.html).toContain('href="/de/tv/livestream/"');
    expect(page.html).toContain('<div data-outlet="mf-tv" data-ssr="client"></div>');
    expect(page.styles[0]).toContain('#ff0066');
    expect(page.parts).toEqual([
      expect.objectContaining({ remote: tv, place: 'outlet', outcome: 'client', stage: 'missing', warming: false }),
    ]);
    expect(page.state).toEqual({ tenant: 'velvet', remotes: ['mf-tv@1.0.0'], outlet: null, slots: {} });
  });

  it("renders the bare root in the tenant's default language: English where it is offered, else its first", async () => {
    expect((await renderPage(request('/'))).language).toBe('en');
    const spanish = { ...manifest, tenant: { ...manifest.tenant, languages: ['es', 'de'] } } as FederationManifest;
    const page = await renderPage({ ...request('/'), manifest: spanish });
    expect(page.language).toBe('es');
    expect(page.html).toContain('href="/es/tv/livestream/"');
    expect(page.html).not.toContain('href="/en/tv/livestream/"');
  });

  it('renders the not-found page for a path of no route, in its language', async () => {
    const page = await renderPage(request('/es/no-such-page/'));
    expect(page.language).toBe('es');
    expect(page.html).toContain('data-testid="not-found"');
    expect(page.parts).toEqual([]);
  });

  it('renders a legal page with the text the server answers, which the page state carries for hydration', async () => {
    const asked: string[] = [];
    const imprint = {
      id: 9,
      type: 'IMP',
      language: 'de',
      version: 1,
      title: 'Impressum',
      validFrom: '2026-01-01',
      current: true,
      sections: [{ title: 'Anbieterin', paragraphs: ['Velvet Media GmbH', 'Speicherallee 7, 20457 Hamburg'] }],
    };
    const page = await renderPage({
      ...request('/de/impressum/'),
      fetch: async (input) => {
        asked.push(String(input instanceof Request ? input.url : input));
        return new Response(JSON.stringify(imprint), { headers: { 'content-type': 'application/json' } });
      },
    });
    expect(asked).toHaveLength(1);
    expect(new URL(asked[0]!).pathname).toBe('/rest/v1/legal-text/IMP');
    expect(new URL(asked[0]!).searchParams.get('language')).toBe('de');
    expect(page.html).toContain('<h1>Impressum</h1>');
    expect(page.html).toContain('<p>Speicherallee 7, 20457 Hamburg</p>');
    expect(page.html).toContain('Fassung 1, gültig ab 1. Januar 2026');
    expect(page.html).toContain('href="/rest/v1/asset/legal-text/download/9"');
    expect(page.state.legal).toEqual(imprint);
  });

  it('leaves a legal text it could not read to the browser, and the page still renders', async () => {
    const page = await renderPage(request('/en/terms-of-use/'));
    expect(page.html).toContain('data-testid="legal-TOU"');
    expect(page.state.legal).toBeUndefined();
  });

  it("renders the route's SEO text under the page, which the page state carries, and records a route without one", async () => {
    const looked: string[] = [];
    const programme = {
      tag: 'tvProgram',
      language: 'de' as const,
      headline: 'Das TV-Programm von Velvet',
      paragraphs: ['Heute live.', 'Morgen auch.'],
    };
    const seoText = (tag: string, language: string) => {
      looked.push(`${language} ${tag}`);
      return tag === 'tvProgram' ? programme : null;
    };
    const page = await renderPage({ ...request('/de/tv/programm/'), seoText });
    expect(page.html).toContain('<h2>Das TV-Programm von Velvet</h2>');
    expect(page.html).toContain('<p>Morgen auch.</p>');
    expect(page.state.seoText).toEqual({ tag: 'tvProgram', language: 'de', text: programme });
    const live = await renderPage({ ...request('/de/tv/livestream/'), seoText });
    expect(live.html).not.toContain('data-testid="seo-text"');
    expect(live.state.seoText).toEqual({ tag: 'tvLivestream', language: 'de', text: null });
    expect(looked).toEqual(['de tvProgram', 'de tvLivestream']);
  });
});

describe("the renders' translations", () => {
  it('translates a text once per set of values it interpolates, and again once texts are added', () => {
    const i18n = createI18n('en', {
      en: {
        shell: {
          greeting: 'Hello',
          named: 'Hello {{name}}',
          items_one: '{{count}} item',
          items_other: '{{count}} items',
        },
        other: { greeting: 'Howdy' },
      },
    });
    const translated = jest.spyOn(i18n, 't');
    const t = translatedOnce(i18n)('en', 'shell');
    expect([t('greeting'), t('greeting'), t('greeting', { ns: 'other' }), t('greeting', { ns: 'other' })]).toEqual([
      'Hello',
      'Hello',
      'Howdy',
      'Howdy',
    ]);
    expect(translated).toHaveBeenCalledTimes(2);
    expect([t('named', { name: 'Ann' }), t('named', { name: 'Bo' }), t('named', { name: 'Ann' })]).toEqual([
      'Hello Ann',
      'Hello Bo',
      'Hello Ann',
    ]);
    expect(translated).toHaveBeenCalledTimes(4);
    expect([t('items', { count: 1 }), t('items', { count: 0 }), t('items', { count: 0 })]).toEqual([
      '1 item',
      '0 items',
      '0 items',
    ]);
    expect(translated).toHaveBeenCalledTimes(6);
    const date = new Date(0);
    expect([t('named', { name: date }), t('named', { name: date })]).toEqual([`Hello ${date}`, `Hello ${date}`]);
    expect([t('missing'), t('missing')]).toEqual(['missing', 'missing']);
    expect(translated).toHaveBeenCalledTimes(10);
    i18n.addResourceBundle('en', 'shell', { greeting: 'Hi', named: 'Hi {{name}}' }, true, true);
    expect([t('greeting'), t('greeting'), t('named', { name: 'Ann' }), t('named', { name: 'Ann' })]).toEqual([
      'Hi',
      'Hi',
      'Hi Ann',
      'Hi Ann',
    ]);
    expect(translated).toHaveBeenCalledTimes(12);
  });
});
