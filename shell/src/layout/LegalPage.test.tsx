import { fireEvent, render, screen, within } from '@testing-library/react';
import { legalEndpoints, type LegalText } from '@velvet/contracts';
import { hydrateOverServer, restCallsTo, restFixture } from '@velvet/testing';
import { createTestShell, renderInShell } from '../testShell';
import { LegalPage } from './LegalPage';

const privacy: LegalText = {
  id: 17,
  type: 'PP',
  language: 'en',
  version: 2,
  title: 'Data protection',
  validFrom: '2026-03-01',
  current: true,
  sections: [
    { title: '1. Controller', paragraphs: ['Velvet Media GmbH is responsible.', 'Write to privacy@velvet.test.'] },
    { title: '2. Your rights', paragraphs: ['You may ask for a copy of your data.'] },
  ],
};

describe('a legal page', () => {
  it('hydrates the text the server rendered it with, without asking for it again', async () => {
    const server = createTestShell();
    server.shell.legal = privacy;
    const client = createTestShell();
    client.shell.legal = privacy;

    const hydrated = await hydrateOverServer(
      server.wrap(<LegalPage type="PP" />),
      client.wrap(<LegalPage type="PP" />),
    );
    expect(hydrated.recoverableErrors).toEqual([]);
    expect(hydrated.consoleErrors).toEqual([]);
    // Readable without JavaScript: headings, paragraphs, the version and the download are in the server's HTML.
    expect(hydrated.html).toContain('<h1>Data protection</h1>');
    expect(hydrated.html).toContain('<p>Write to privacy@velvet.test.</p>');
    expect(hydrated.html).toContain('Version 2, in force from March 1, 2026');
    expect(hydrated.html).toContain('href="/rest/v1/asset/legal-text/download/17"');
    expect(restCallsTo(client.platform, legalEndpoints.text)).toEqual([]);
    expect(screen.getByRole('link', { name: 'Download (HTML)' })).toHaveAttribute('download');
  });

  it('asks for a text it was not rendered with, and offers another try when that fails', async () => {
    let fail = true;
    const { platform } = renderInShell(<LegalPage type="IMP" />, {
      platform: {
        rest: restFixture(legalEndpoints.text, ({ params }) => {
          if (fail) throw new Error('offline');
          return { ...privacy, id: 40, type: params.type, title: 'Imprint', sections: [] };
        }),
      },
    });
    expect(await screen.findByText('The text could not be loaded.')).toBeInTheDocument();
    fail = false;
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Imprint' })).toBeInTheDocument();
    expect(restCallsTo(platform, legalEndpoints.text)).toEqual([
      { params: { type: 'IMP' }, query: { language: 'en' } },
      { params: { type: 'IMP' }, query: { language: 'en' } },
    ]);
  });

  it('does not show a served text of another document', async () => {
    const { shell, platform, wrap } = createTestShell({
      platform: {
        rest: restFixture(legalEndpoints.text, () => ({
          ...privacy,
          type: 'TOS' as const,
          title: 'Terms of service',
          sections: [{ title: '1. Scope', paragraphs: ['These terms apply to every visit.'] }],
        })),
      },
    });
    shell.legal = privacy;
    const page = within(render(wrap(<LegalPage type="TOS" />)).container);
    expect(await page.findByRole('heading', { level: 1, name: 'Terms of service' })).toBeInTheDocument();
    expect(page.queryByText('Write to privacy@velvet.test.')).toBeNull();
    expect(restCallsTo(platform, legalEndpoints.text)).toHaveLength(1);
  });
});
