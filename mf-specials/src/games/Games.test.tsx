import { fireEvent, screen } from '@testing-library/react';
import {
  gameConfigQuery,
  gamesEndpoints,
  useAttemptMutation,
  type AdventCalendar,
  type GameConfig,
  type GameGuestInfo,
  type SpecialEvent,
} from '@velvet/contracts';
import { ApiError } from '@velvet/sdk';
import { createMockPlatform, renderWithPlatform } from '@velvet/testing';
import { locales } from '../locales';
import { AdventCalendarPage } from './AdventCalendarPage';
import { GameBoard } from './GameBoard';
import { RewardsWidget } from './RewardsWidget';

const event = (gameType: SpecialEvent['gameType']): SpecialEvent => ({
  id: 31,
  slug: 'slot-machine',
  gameType,
  name: 'Slot Machine',
  description: 'Pull the lever',
  imageUrl: '/media/specials/events/slot-machine.webp',
  startDate: '2026-11-19T10:00:00.000Z',
  endDate: '2026-12-02T10:00:00.000Z',
  hasStarted: true,
  hasEnded: false,
  dailyAttempts: 2,
});
const config = (gameType: SpecialEvent['gameType']): GameConfig => ({
  ...event(gameType),
  gameCategory: 'reels',
  dayConfigs: [{ day: 1, dailyAttempts: 2, pointsPerAttempt: 10 }],
  rewards: [
    { type: 'bonus', value: 10, title: null, chance: 50 },
    { type: 'freeSpins', value: 1, title: null, chance: 50 },
  ],
});

/** A server that takes two attempts and answers the guest's standing after each. */
function gameServer(gameType: SpecialEvent['gameType']) {
  let left = 2;
  const gained: GameGuestInfo['gainedRewards'] = [];
  return createMockPlatform({
    loggedIn: true,
    query: (operation, variables) => {
      if (operation === gameConfigQuery) return { gameConfig: config(gameType) };
      expect(operation).toBe(useAttemptMutation);
      expect(variables).toEqual({ eventId: 31, language: 'en' });
      if (left === 0) {
        return {
          useAttempt: {
            success: false,
            errorCode: 'NO_ATTEMPTS_LEFT',
            errorMessage: 'You have no attempts left today',
            reward: null,
            points: 20,
            attemptsLeftToday: 0,
          },
        };
      }
      left -= 1;
      const reward = { type: 'bonus' as const, value: 10, title: null };
      gained.unshift({ ...reward, id: gained.length + 1, source: 'game:31', points: 10, at: '2026-11-25T10:00:00Z' });
      return {
        useAttempt: { success: true, errorCode: null, errorMessage: null, reward, points: 10, attemptsLeftToday: left },
      };
    },
    rest: {
      [gamesEndpoints.gameReward.path]: () => ({
        gainedRewards: [...gained],
        points: gained.length * 10,
        attemptsLeftToday: left,
      }),
    },
  });
}

describe('game board', () => {
  it('spins the slot machine: the server draws, the reels show the prize, the attempts count down', async () => {
    const platform = gameServer('slotmachine');
    renderWithPlatform(<GameBoard event={event('slotmachine')} />, { platform, remote: 'mf-specials', locales });
    expect(await screen.findByText('2 attempts left today')).toBeInTheDocument();
    expect(screen.getByText('10 bonus coins · 50 % chance')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Pull the lever' }));
    expect(await screen.findByTestId('game-result')).toHaveTextContent('You won 10 bonus coins!');
    expect(screen.getByRole('img', { name: 'The reels' })).toHaveTextContent('💰💰💰');
    expect(await screen.findByText('1 attempt left today')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Your rewards in this game' })).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Pull the lever' }));
    expect(await screen.findByText('0 attempts left today')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Pull the lever' })).toBeDisabled();
  });

  it('has targets to hit in a shooting game and a box to open in the reward box', async () => {
    const shooting = gameServer('wiesnShooting');
    const { unmount } = renderWithPlatform(<GameBoard event={event('wiesnShooting')} />, {
      platform: shooting,
      remote: 'mf-specials',
      locales,
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Target 4' }));
    expect(await screen.findByTestId('game-result')).toHaveTextContent('You won 10 bonus coins!');
    unmount();
    const box = gameServer('rewardBox');
    renderWithPlatform(<GameBoard event={event('rewardBox')} />, { platform: box, remote: 'mf-specials', locales });
    fireEvent.click(await screen.findByRole('button', { name: /Open the box/ }));
    expect(await screen.findByTestId('game-result')).toHaveTextContent('You won 10 bonus coins!');
  });

  it('asks a visitor to log in instead of playing', async () => {
    const platform = createMockPlatform({ query: () => ({ gameConfig: config('slotmachine') }) });
    renderWithPlatform(<GameBoard event={event('slotmachine')} />, { platform, remote: 'mf-specials', locales });
    expect(await screen.findByText('Log in to play and win.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Pull the lever' })).not.toBeInTheDocument();
  });
});

const calendar = (opened: boolean): AdventCalendar => ({
  firstDay: '2026-11-22',
  today: '2026-11-25',
  doors: Array.from({ length: 24 }, (_, index) => {
    const door = index + 1;
    const date = new Date(Date.UTC(2026, 10, 21 + door)).toISOString().slice(0, 10);
    if (door === 4) {
      return opened
        ? { door, date, state: 'opened' as const, reward: { type: 'freeSpins' as const, value: 1, title: null } }
        : { door, date, state: 'open' as const, reward: null };
    }
    return { door, date, state: door < 4 ? ('missed' as const) : ('locked' as const), reward: null };
  }),
});

describe('advent calendar', () => {
  it("opens today's door and shows what it held; the server refuses another", async () => {
    let opened = false;
    const platform = createMockPlatform({
      loggedIn: true,
      language: 'de',
      route: { name: 'adventCalendar' },
      rest: {
        [gamesEndpoints.adventCalendar.path]: () => calendar(opened),
        [gamesEndpoints.openAdventDoor.path]: (input: unknown) => {
          const { door } = (input as { params: { door: number } }).params;
          if (door !== 4) throw new ApiError(409, 'DOOR_NOT_OPEN_YET', 'Not yet');
          opened = true;
          return calendar(true).doors[3]!;
        },
      },
    });
    renderWithPlatform(<AdventCalendarPage />, { platform, remote: 'mf-specials', locales });
    expect(await screen.findByText('Öffnet am 26. November')).toBeInTheDocument();
    expect(screen.getAllByRole('button', { name: /Türchen/ })).toHaveLength(1);
    expect(screen.getAllByText('Verpasst')).toHaveLength(3);
    fireEvent.click(screen.getByRole('button', { name: 'Türchen 4 öffnen' }));
    expect(await screen.findByTestId('advent-result')).toHaveTextContent('Türchen 4: Du hast 1 Freidrehs gewonnen!');
    expect(await screen.findByText('1 Freidrehs')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Türchen 4 öffnen' })).not.toBeInTheDocument();
  });
});

describe('rewards on the benefits page', () => {
  it('lists what the guest won with where it came from', async () => {
    const platform = createMockPlatform({
      loggedIn: true,
      rest: {
        [gamesEndpoints.gainedRewards.path]: () => ({
          rewards: [
            {
              id: 2,
              source: 'advent',
              type: 'video',
              value: 12,
              title: 'Sunset',
              points: 0,
              at: '2026-11-25T10:00:00Z',
            },
            { id: 1, source: 'game:31', type: 'vipAbo', value: 1, title: null, points: 10, at: '2026-11-24T10:00:00Z' },
          ],
        }),
      },
    });
    renderWithPlatform(<RewardsWidget />, { platform, remote: 'mf-specials', locales });
    expect(await screen.findByText('video: Sunset')).toBeInTheDocument();
    expect(screen.getByText('1 VIP day')).toBeInTheDocument();
    expect(screen.getByText(/Advent calendar/)).toBeInTheDocument();
  });
});
