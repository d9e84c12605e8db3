import { fireEvent, screen, waitFor } from '@testing-library/react';
import { contestsQuery, specialsEndpoints, type EndpointInput } from '@velvet/contracts';
import { createMockPlatform, renderWithPlatform } from '@velvet/testing';
import { contestFixture, gridItemFixture } from '../fixtures';
import { locales } from '../locales';
import { ContestPage } from './ContestPage';
import { ContestsPage } from './ContestsPage';
import { ContestsWidget } from './ContestsWidget';

type GridInput = EndpointInput<typeof specialsEndpoints.contestGridItems>;

function contestPlatform(loggedIn: boolean) {
  const gridCalls: GridInput['params'][] = [];
  const platform = createMockPlatform({
    loggedIn,
    route: { name: 'contest', args: { contestId: '1' } },
    rest: {
      '/contests/:contestId/getHeader': () => ({ ...contestFixture(1), maxVotes: 5, totalVotes: 250 }),
      '/contests/getContestGridItems/:contestId/:contestSub/:limit/:offset': (input) => {
        const params = (input as unknown as GridInput).params;
        gridCalls.push(params);
        return {
          contestGridItems: [gridItemFixture(params.offset + 1), gridItemFixture(params.offset + 2)],
          elementsCount: 25,
        };
      },
      '/contests/getContestGuestData/:contestId': () => ({ voteCount: 2, hideVoteLimitModal: false }),
    },
  });
  return { platform, gridCalls };
}

describe('contest page', () => {
  it('shows the rule of five votes and asks a visitor to log in before voting', async () => {
    const { platform } = contestPlatform(false);
    renderWithPlatform(<ContestPage />, { platform, remote: 'mf-specials', locales });
    expect(await screen.findByRole('heading', { level: 1, name: 'Contest 1' })).toBeInTheDocument();
    expect(screen.getByText('Every guest has up to 5 votes per contest.')).toBeInTheDocument();
    expect(screen.getByText('Log in to vote for your favourites.')).toBeInTheDocument();
    expect(await screen.findByRole('heading', { name: 'Performer 1' })).toBeInTheDocument();
    fireEvent.click(screen.getAllByRole('button', { name: 'Vote' })[0]!);
    expect(platform.openedFlows).toEqual(['login']);
    expect(platform.restCalls.some((call) => call.path === '/contests/getContestGuestData/:contestId')).toBe(false);
  });

  it("shows a guest's votes, casts none, and pages and sorts the grid", async () => {
    const { platform, gridCalls } = contestPlatform(true);
    renderWithPlatform(<ContestPage />, { platform, remote: 'mf-specials', locales });
    expect(await screen.findByText('You have cast 2 of 5 votes.')).toBeInTheDocument();
    expect(screen.getByText('Voting opens here soon.')).toBeInTheDocument();
    expect(await screen.findByRole('heading', { name: 'Performer 1' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Vote' })).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: /Performer 1/ })).toHaveAttribute('href', '/en/amateur/performer1/');

    fireEvent.click(screen.getByRole('button', { name: 'Page 2' }));
    expect(await screen.findByRole('heading', { name: 'Performer 21' })).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Top list' }));
    await waitFor(() => expect(gridCalls.at(-1)).toEqual({ contestId: 1, contestSub: 'top', limit: 20, offset: 0 }));
    expect(gridCalls.slice(0, 2)).toEqual([
      { contestId: 1, contestSub: 'all', limit: 20, offset: 0 },
      { contestId: 1, contestSub: 'all', limit: 20, offset: 20 },
    ]);
  });

  it('says not found for an unknown contest', async () => {
    const platform = createMockPlatform({
      route: { name: 'contest', args: { contestId: 'abc' } },
    });
    renderWithPlatform(<ContestPage />, { platform, remote: 'mf-specials', locales });
    expect(await screen.findByRole('heading', { name: 'Not found' })).toBeInTheDocument();
    expect(platform.restCalls).toEqual([]);
  });
});

describe('contest lists', () => {
  const query = () => ({
    contests: [contestFixture(1), contestFixture(2, { isActive: false, title: 'Old contest', entryCount: 1 })],
  });

  it('lists running and past contests with links to them', async () => {
    const platform = createMockPlatform({
      language: 'es',
      query: (operation) => (operation === contestsQuery ? query() : null),
    });
    renderWithPlatform(<ContestsPage />, { platform, remote: 'mf-specials', locales });
    expect(await screen.findByRole('heading', { name: 'Concursos en curso' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Concursos anteriores' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: /Old contest/ })).toHaveAttribute('href', '/es/concursos/2/');
  });

  it('shows only running contests on the home block', async () => {
    const platform = createMockPlatform({ query: () => query() });
    renderWithPlatform(<ContestsWidget />, { platform, remote: 'mf-specials', locales });
    expect(await screen.findByRole('link', { name: /Contest 1/ })).toHaveAttribute('href', '/en/contests/1/');
    expect(screen.queryByText('Old contest')).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'All contests' })).toHaveAttribute('href', '/en/contests/');
  });
});
