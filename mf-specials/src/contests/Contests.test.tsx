import { fireEvent, screen, waitFor } from '@testing-library/react';
import { LANGUAGES, contestsQuery, specialsEndpoints, type EndpointInput, type Language } from '@velvet/contracts';
import { ApiError } from '@velvet/sdk';
import { createMockPlatform, renderWithPlatform } from '@velvet/testing';
import { contestFixture, gridItemFixture } from '../fixtures';
import { locales } from '../locales';
import { ContestPage } from './ContestPage';
import { ContestsPage } from './ContestsPage';
import { ContestsWidget } from './ContestsWidget';

type GridInput = EndpointInput<typeof specialsEndpoints.contestGridItems>;
type VoteInput = EndpointInput<typeof specialsEndpoints.addContestMediaVoting>;

/** A contest where the guest has cast two votes; votes count up to five, a guest without the age check is sent to it. */
function contestPlatform(loggedIn: boolean, { ageVerified = true, language = 'en' as Language } = {}) {
  const gridCalls: GridInput['params'][] = [];
  const voteCalls: VoteInput['body'][] = [];
  let voteCount = 2;
  const platform = createMockPlatform({
    loggedIn,
    language,
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
      '/contests/getContestGuestData/:contestId': () => ({ voteCount, hideVoteLimitModal: false }),
      '/contests/addContestMediaVoting': (input) => {
        const { body } = input as unknown as VoteInput;
        voteCalls.push(body);
        if (ageVerified && voteCount >= 5) throw new ApiError(409, 'VOTE_LIMIT_REACHED', 'Five votes per contest');
        if (ageVerified) voteCount += 1;
        return {
          success: ageVerified,
          needAvs: !ageVerified,
          guestId: 'guest-1',
          contestId: body.contestId,
          mediaId: body.mediaId,
          mediaVotes: 10 + (ageVerified ? voteCalls.filter((c) => c.mediaId === body.mediaId).length : 0),
          voteCount,
          hideVoteLimitModal: false,
        };
      },
    },
  });
  return { platform, gridCalls, voteCalls };
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

  it("shows a guest's votes and pages and sorts the grid", async () => {
    const { platform, gridCalls } = contestPlatform(true);
    renderWithPlatform(<ContestPage />, { platform, remote: 'mf-specials', locales });
    expect(await screen.findByText('You have cast 2 of 5 votes.')).toBeInTheDocument();
    expect(screen.queryByText(/soon/)).not.toBeInTheDocument();
    expect(await screen.findByRole('heading', { name: 'Performer 1' })).toBeInTheDocument();
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

  // A button's accessible name starts from what it shows, so that a voice user who says the shown word hits it.
  it.each(LANGUAGES)(
    "names each vote button in %s with the word it shows and the performer's name",
    async (language) => {
      const { platform } = contestPlatform(true, { language });
      renderWithPlatform(<ContestPage />, { platform, remote: 'mf-specials', locales });
      await screen.findByRole('heading', { name: 'Performer 1' });
      const button = screen.getAllByRole('button', { name: /Performer 1(?!\d)/ })[0]!;
      expect(button.getAttribute('aria-label')!.toLowerCase()).toContain(button.textContent!.toLowerCase());
    },
  );

  it('counts a guest vote up to the fifth and tells her the sixth is refused', async () => {
    const { platform, voteCalls } = contestPlatform(true);
    renderWithPlatform(<ContestPage />, { platform, remote: 'mf-specials', locales });
    const voteFor1 = await screen.findByRole('button', { name: 'Vote for Performer 1' });
    fireEvent.click(voteFor1);
    expect(await screen.findByText('You have cast 3 of 5 votes.')).toBeInTheDocument();
    expect(screen.getByText('11 votes')).toBeInTheDocument();
    expect(voteCalls).toEqual([{ contestId: 1, mediaId: 1, actorId: 1, albumId: null }]);

    for (const count of [4, 5]) {
      await waitFor(() => expect(voteFor1).toBeEnabled());
      fireEvent.click(voteFor1);
      expect(await screen.findByText(`You have cast ${count} of 5 votes.`)).toBeInTheDocument();
    }
    expect(screen.getByRole('status')).toHaveTextContent('That was your last vote in this contest.');
    await waitFor(() => expect(voteFor1).toBeEnabled());
    fireEvent.click(screen.getByRole('button', { name: 'Vote for Performer 2' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('You have used all 5 votes in this contest.');
    expect(screen.getByText('13 votes')).toBeInTheDocument();
    expect(screen.getAllByText('10 votes')).toHaveLength(1);
    expect(platform.openedFlows).toEqual([]);
  });

  it('sends a guest without the age check to it and counts nothing', async () => {
    const { platform } = contestPlatform(true, { ageVerified: false });
    renderWithPlatform(<ContestPage />, { platform, remote: 'mf-specials', locales });
    fireEvent.click(await screen.findByRole('button', { name: 'Vote for Performer 1' }));
    await waitFor(() => expect(platform.openedFlows).toEqual(['ageCheck']));
    expect(screen.getByText('You have cast 2 of 5 votes.')).toBeInTheDocument();
    expect(screen.getAllByText('10 votes')).toHaveLength(2);
  });

  it("shows each entry's picture with its title in the reader's language", async () => {
    const platform = createMockPlatform({
      language: 'nl',
      route: { name: 'contest', args: { contestId: '1' } },
      rest: {
        '/contests/:contestId/getHeader': () => ({ ...contestFixture(1), maxVotes: 5, totalVotes: 250 }),
        '/contests/getContestGridItems/:contestId/:contestSub/:limit/:offset': () => ({
          contestGridItems: [gridItemFixture(1, { title: 'Zomerselfie van Performer 1' })],
          elementsCount: 1,
        }),
      },
    });
    renderWithPlatform(<ContestPage />, { platform, remote: 'mf-specials', locales });
    expect(await screen.findByRole('img', { name: 'Zomerselfie van Performer 1' })).toHaveAttribute(
      'src',
      '/media/specials/contests/1/1.webp',
    );
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
