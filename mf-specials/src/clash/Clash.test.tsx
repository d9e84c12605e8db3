import { act, fireEvent, screen } from '@testing-library/react';
import { clashAddVoteMutation, clashQuery, clashRevokeVoteMutation } from '@velvet/contracts';
import { ApiError } from '@velvet/sdk';
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

  it('shows a guest vote at once, then the server answer, then other guests votes pushed', async () => {
    let answer: (value: unknown) => void = () => undefined;
    const sent: unknown[] = [];
    const platform = createMockPlatform({
      loggedIn: true,
      query: (operation, variables) => {
        if (operation === clashQuery) return { clash: clashFixture };
        sent.push({ operation, variables });
        if (operation === clashRevokeVoteMutation) throw new ApiError(404, 'NOT_FOUND', 'No vote');
        return new Promise((resolve) => (answer = resolve));
      },
    });
    renderWithPlatform(<ClashPage />, { platform, remote: 'mf-specials', locales });
    expect(screen.queryByText(/soon/)).not.toBeInTheDocument();
    expect(await screen.findByText('10 votes (25 %)')).toBeInTheDocument();
    fireEvent.click(screen.getAllByRole('button', { name: 'Vote for Team Ice' }).at(-1)!);
    expect(await screen.findByText('11 votes (27 %) · your vote')).toBeInTheDocument();
    expect(screen.queryByText('10 votes (25 %)')).not.toBeInTheDocument();
    expect(sent).toEqual([{ operation: clashAddVoteMutation, variables: { challengeId: 2, teamId: 2 } }]);

    await act(async () =>
      answer({
        clashAddVote: {
          challengeId: 2,
          votes: [
            { teamId: 1, votes: 30, hasVoted: false },
            { teamId: 2, votes: 12, hasVoted: true },
          ],
        },
      }),
    );
    expect(await screen.findByText('12 votes (29 %) · your vote')).toBeInTheDocument();
    act(() =>
      platform.emit({
        type: 'clashVoting',
        challengeId: 2,
        votes: [
          { teamId: 1, votes: 36 },
          { teamId: 2, votes: 12 },
        ],
      }),
    );
    expect(await screen.findByText('36 votes (75 %)')).toBeInTheDocument();
    expect(screen.getByText('12 votes (25 %) · your vote')).toBeInTheDocument();

    fireEvent.click(screen.getByRole('button', { name: 'Take back my vote' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Your vote could not be saved.');
    expect(await screen.findByText('10 votes (25 %)')).toBeInTheDocument();
  });

  it('withdraws a guest vote at once, then sends the revoke, and offers both teams again', async () => {
    let answer: (value: unknown) => void = () => undefined;
    const sent: unknown[] = [];
    const voted = {
      ...clashFixture,
      challenges: clashFixture.challenges.map((challenge) =>
        challenge.id !== 2
          ? challenge
          : {
              ...challenge,
              teams: challenge.teams.map((team) =>
                team.id === 2 ? { ...team, votes: { teamId: 2, votes: 10, hasVoted: true } } : team,
              ),
            },
      ),
    };
    const platform = createMockPlatform({
      loggedIn: true,
      query: (operation, variables) => {
        if (operation === clashQuery) return { clash: voted };
        sent.push({ operation, variables });
        return new Promise((resolve) => (answer = resolve));
      },
    });
    renderWithPlatform(<ClashPage />, { platform, remote: 'mf-specials', locales });
    expect(await screen.findByText('10 votes (25 %) · your vote')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Vote for Team Ice' })).not.toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Take back my vote' }));
    // Shown before the server answers: her vote is gone from the count and both teams can be voted for again.
    expect(await screen.findByText('9 votes (23 %)')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Take back my vote' })).not.toBeInTheDocument();
    expect(screen.getAllByRole('button', { name: /^Vote for Team/ })).toHaveLength(2);
    expect(sent).toEqual([{ operation: clashRevokeVoteMutation, variables: { challengeId: 2 } }]);
    await act(async () =>
      answer({
        clashRevokeVote: {
          challengeId: 2,
          votes: [
            { teamId: 1, votes: 31, hasVoted: false },
            { teamId: 2, votes: 9, hasVoted: false },
          ],
        },
      }),
    );
    expect(await screen.findByText('31 votes (78 %)')).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('offers a visitor no vote button', async () => {
    const platform = createMockPlatform({ language: 'nl', query: () => ({ clash: clashFixture }) });
    renderWithPlatform(<ClashPage />, { platform, remote: 'mf-specials', locales });
    expect(await screen.findByText('Log in om op je team te stemmen.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Stem op/ })).not.toBeInTheDocument();
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
