import { screen, within } from '@testing-library/react';
import type { Vip30History as History } from '@velvet/contracts';
import { RemoteProviders } from '@velvet/federation';
import { createMockPlatform, hydrateOverServer, renderWithPlatform, type MockPlatformOptions } from '@velvet/testing';
import { AccountApp } from './AccountApp';
import { locales } from './locales';

const history: History = {
  months: [
    { month: '2026-04', offers: 4, value: { value: 135_00, currency: 'VXC' } },
    { month: '2026-03', offers: 3, value: { value: 99_50, currency: 'VXC' } },
  ],
};

function render(options: MockPlatformOptions = {}) {
  const platform = createMockPlatform({
    loggedIn: true,
    language: 'de',
    route: { name: 'vip30History' },
    rest: { '/media/vip30/history': () => history },
    ...options,
  });
  return renderWithPlatform(<AccountApp />, { platform, remote: 'mf-account', locales });
}

describe('VIP30 value history', () => {
  it('lists each VIP month, newest first, with its offers and their worth, and leads back to the VIP club', async () => {
    render();
    expect(screen.getByRole('heading', { level: 1, name: 'VIP30-Wertehistorie' })).toBeInTheDocument();
    const april = await screen.findByRole('row', { name: /April 2026/ });
    expect(within(april).getByText('4')).toBeInTheDocument();
    expect(within(april).getByText('135 VXC')).toBeInTheDocument();
    const rows = screen.getAllByRole('row').slice(1);
    expect(rows.map((row) => row.getAttribute('data-month'))).toEqual(['2026-04', '2026-03']);
    expect(within(rows[1]!).getByText(/^99,50? VXC$/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Zurück zum VIP-Club' })).toHaveAttribute('href', '/de/vipclub/');
  });

  it('says so when the guest has no VIP month yet', async () => {
    render({ rest: { '/media/vip30/history': () => ({ months: [] }) } });
    expect(await screen.findByText(/Noch keine VIP-Monate/)).toBeInTheDocument();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
  });

  it('asks visitors to log in and loads nothing for them', () => {
    const { platform } = render({ loggedIn: false, language: 'en' });
    expect(screen.getByText('Log in to see what your VIP months were worth.')).toBeInTheDocument();
    expect(platform.restCalls.filter((call) => call.path === '/media/vip30/history')).toEqual([]);
  });

  it('is reached from the VIP club', () => {
    render({
      route: { name: 'vipClub' },
      rest: {
        '/subscriptions': () => ({
          plans: [],
          subscriptions: [],
          trialUsed: false,
          formerVip: false,
          formerTvSubscriber: false,
        }),
      },
    });
    expect(screen.getByRole('link', { name: 'Was deine VIP-Monate wert waren' })).toHaveAttribute(
      'href',
      '/de/myvisitx/vip30-wert/',
    );
  });

  it('renders on the server as for every visitor and shows the guest her months after hydrating cleanly', async () => {
    const platform = createMockPlatform({
      loggedIn: true,
      language: 'de',
      route: { name: 'vip30History' },
      rest: { '/media/vip30/history': () => history },
    });
    for (const [language, resources] of Object.entries(locales))
      platform.i18n.addResourceBundle(language, 'mf-account', resources, true, true);
    const page = (
      <RemoteProviders platform={platform} remote="mf-account">
        <AccountApp />
      </RemoteProviders>
    );
    const hydrated = await hydrateOverServer(page, page);
    expect(hydrated.html).toContain('VIP30-Wertehistorie');
    expect(hydrated.html).not.toContain('135 VXC');
    expect(hydrated.recoverableErrors).toEqual([]);
    expect(hydrated.consoleErrors).toEqual([]);
    expect(await screen.findByRole('row', { name: /April 2026/ })).toBeInTheDocument();
    hydrated.unmount();
  });
});
