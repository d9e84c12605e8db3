import { fireEvent, screen } from '@testing-library/react';
import { clashQuery } from '@velvet/contracts';
import { createMockPlatform, renderWithPlatform } from '@velvet/testing';
import { clashFixture } from '../fixtures';
import { locales } from '../locales';
import { ClashPage } from './ClashPage';

describe('clash of cams', () => {
  it('shows both teams, the challenges with their votes and winner, and asks visitors to log in', async () => {
    const platform = createMockPlatform({
      query: (operation, variables) => {
        expect(operation).toBe(clashQuery);
        expect(variables).toEqual({ language: 'en' });
        return { clash: clashFixture };
      },
    });
    renderWithPlatform(<ClashPage />, { platform, remote: 'mf-specials', locales });
    expect(await screen.findByRole('heading', { level: 1, name: 'Clash of Cams: Fire vs. Ice' })).toBeInTheDocument();
    expect(screen.getAllByRole('heading', { name: 'Team Fire' }).length).toBeGreaterThan(0);
    expect(screen.getByText('3 points')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Performer 1' })).toHaveAttribute('href', '/en/amateur/performer1/');
    expect(screen.getByText('Winner: Team Fire')).toBeInTheDocument();
    expect(screen.getByText('120 votes (60 %)')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Log in' }));
    expect(platform.openedFlows).toEqual(['login']);
  });

  it('tells a guest that voting comes soon instead of offering a vote', async () => {
    const running = createMockPlatform({ loggedIn: true, language: 'nl', query: () => ({ clash: clashFixture }) });
    renderWithPlatform(<ClashPage />, { platform: running, remote: 'mf-specials', locales });
    expect(await screen.findByText('Stemmen op een team kan hier binnenkort.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Inloggen' })).not.toBeInTheDocument();
  });

  it('names a performer without a link while the profile page is not served (mf-chat is off)', async () => {
    const platform = createMockPlatform({ offRoutes: ['actorProfile'], query: () => ({ clash: clashFixture }) });
    renderWithPlatform(<ClashPage />, { platform, remote: 'mf-specials', locales });
    const name = (await screen.findAllByText('Performer 1'))[0]!;
    expect(name.closest('a')).toBeNull();
    expect(screen.queryByRole('link', { name: 'Performer 1' })).not.toBeInTheDocument();
  });

  it('says when no clash runs', async () => {
    const platform = createMockPlatform({ query: () => ({ clash: null }) });
    renderWithPlatform(<ClashPage />, { platform, remote: 'mf-specials', locales });
    expect(await screen.findByRole('heading', { name: 'No clash is running right now' })).toBeInTheDocument();
  });
});
