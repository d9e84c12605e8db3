import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { seoTextsQuery, type SeoText } from '@velvet/contracts';
import { hydrateOverServer } from '@velvet/testing';
import { createTestShell } from '../testShell';
import { PageSeoText } from './PageSeoText';

const text = (tag: string, headline: string): SeoText => ({
  tag,
  language: 'en',
  headline,
  paragraphs: [`${headline}: the first paragraph.`, `${headline}: the second one.`, `${headline}: the third one.`],
});

/** A shell whose structured queries answer the SEO texts of `texts` and record the tags asked for. */
function shellWith(texts: SeoText[]) {
  const asked: unknown[] = [];
  const shell = createTestShell({
    platform: {
      query: (operation, variables) => {
        if (operation.document !== seoTextsQuery.document) throw new Error('not this query');
        asked.push(variables.tags);
        return { seoTexts: texts.filter((candidate) => (variables.tags as string[]).includes(candidate.tag)) };
      },
    },
  });
  return { ...shell, asked };
}

beforeEach(() => window.history.replaceState(null, '', '/en/'));

describe("a page's SEO text", () => {
  it('hydrates the text the server rendered, the rest of it behind Read more, without asking for it', async () => {
    const home = text('home', 'Live cams on Velvet');
    const server = shellWith([]);
    server.shell.seoText = { tag: 'home', language: 'en', text: home };
    const client = shellWith([]);
    client.shell.seoText = { tag: 'home', language: 'en', text: home };

    const hydrated = await hydrateOverServer(server.wrap(<PageSeoText />), client.wrap(<PageSeoText />));
    expect(hydrated.recoverableErrors).toEqual([]);
    expect(hydrated.consoleErrors).toEqual([]);
    // Every paragraph is in the server's HTML, for crawlers and visitors without scripts.
    expect(hydrated.html).toContain('<h2>Live cams on Velvet</h2>');
    for (const paragraph of home.paragraphs) expect(hydrated.html).toContain(`<p>${paragraph}</p>`);
    expect(client.asked).toEqual([]);

    const section = within(screen.getByTestId('seo-text'));
    expect(section.getByText(home.paragraphs[0]!)).toBeVisible();
    expect(section.getByText(home.paragraphs[1]!)).not.toBeVisible();
    fireEvent.click(section.getByText('Read more'));
    expect(section.getByText(home.paragraphs[1]!)).toBeVisible();
    hydrated.unmount();
  });

  it('shows nothing and asks for nothing where the server found no text for the route', async () => {
    const { shell, wrap, asked } = shellWith([text('home', 'Not this one')]);
    shell.seoText = { tag: 'home', language: 'en', text: null };
    const hydrated = await hydrateOverServer(wrap(<PageSeoText />), wrap(<PageSeoText />));
    expect(hydrated.html).toBe('');
    expect(asked).toEqual([]);
    hydrated.unmount();
  });

  it('asks for the text of a page reached in the browser, once per route and language', async () => {
    const { shell, wrap, asked } = shellWith([text('home', 'Live cams'), text('videos', 'Amateur videos')]);
    shell.seoText = { tag: 'home', language: 'en', text: text('home', 'Live cams') };
    const hydrated = await hydrateOverServer(wrap(<PageSeoText />), wrap(<PageSeoText />));

    act(() => shell.router.navigate('videos'));
    expect(await screen.findByRole('heading', { level: 2, name: 'Amateur videos' })).toBeInTheDocument();
    act(() => shell.router.navigate('cams'));
    await waitFor(() => expect(asked).toEqual([['videos'], ['cams']]));
    expect(screen.queryByTestId('seo-text')).toBeNull();
    act(() => shell.router.navigate('videos'));
    expect(screen.getByRole('heading', { level: 2, name: 'Amateur videos' })).toBeInTheDocument();
    act(() => shell.router.navigate('home'));
    expect(screen.getByRole('heading', { level: 2, name: 'Live cams' })).toBeInTheDocument();
    expect(asked).toEqual([['videos'], ['cams']]);
    hydrated.unmount();
  });
});
