import { act, fireEvent, screen, within } from '@testing-library/react';
import { dailyBonusQuery, gamesEndpoints, type DailyBonusClaim } from '@velvet/contracts';
import { ApiError } from '@velvet/sdk';
import { createMockPlatform, renderWithPlatform, restCallsTo, type MockPlatformOptions } from '@velvet/testing';
import { dailyBonusFixture } from '../fixtures';
import { locales } from '../locales';
import { DailyDealsPage } from './DailyDealsPage';
import { DailyBonusWidget } from './DailyBonusWidget';

afterEach(() => jest.useRealTimers());

function setup(now: Date, language: 'en' | 'de' = 'en', options: MockPlatformOptions = {}) {
  jest.useFakeTimers({ now });
  const calls: Date[] = [];
  const platform = createMockPlatform({
    ...options,
    language,
    query: (operation, variables) => {
      expect(operation).toBe(dailyBonusQuery);
      expect(variables).toEqual({ language });
      calls.push(new Date());
      return { dailyBonus: dailyBonusFixture(new Date()) };
    },
  });
  return { platform, calls };
}

describe('daily deals', () => {
  it("shows today's offers and the next two days, counting down to 23:59:59 Berlin every second", async () => {
    // 23:59:50 in Berlin (winter time, UTC+1).
    const { platform } = setup(new Date('2026-11-22T22:59:50Z'));
    renderWithPlatform(<DailyDealsPage />, { platform, remote: 'mf-specials', locales });
    expect(screen.getByRole('heading', { level: 1, name: 'Daily deals' })).toBeInTheDocument();
    expect(await screen.findByRole('heading', { name: 'Offer 1' })).toBeInTheDocument();
    expect(screen.getByText('60 of 100 left')).toBeInTheDocument();
    expect(screen.getAllByText(/^With a top-up of at least 20,00\s€$/)).toHaveLength(2);
    expect(screen.getAllByText('Available on this day')).toHaveLength(2);
    expect(screen.getByRole('heading', { name: 'Monday 23 November' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Tuesday 24 November' })).toBeInTheDocument();
    expect(screen.getByText(/^19,96\sVXC$/)).toBeInTheDocument();

    // Waiting for the data moved the fake clock on a little; the countdown reads what is left of the 10 s.
    const timer = screen.getByRole('timer');
    const shown = () =>
      Number(/^00:00:(\d\d)$/.exec(within(timer).getByRole('time', { hidden: true }).textContent ?? '')?.[1]);
    const before = shown();
    expect(before).toBeGreaterThanOrEqual(7);
    expect(before).toBeLessThanOrEqual(9);
    act(() => jest.advanceTimersByTime(1000));
    expect(shown()).toBe(before - 1);
    act(() => jest.advanceTimersByTime(1000));
    expect(shown()).toBe(before - 2);
  });

  it('loads the new day once the Berlin day has ended', async () => {
    const { platform, calls } = setup(new Date('2026-07-01T21:59:57Z'));
    renderWithPlatform(<DailyBonusWidget />, { platform, remote: 'mf-specials', locales });
    expect(await screen.findByRole('heading', { name: 'Offer 1' })).toBeInTheDocument();
    expect(calls).toHaveLength(1);
    await act(async () => {
      jest.advanceTimersByTime(4000);
    });
    expect(calls).toHaveLength(2);
    expect(calls[1]!.toISOString() >= '2026-07-01T22:00:00.000Z').toBe(true);
    expect(screen.getByRole('link', { name: 'All daily deals' })).toHaveAttribute('href', '/en/daily-deals/');
  });

  it('speaks German', async () => {
    const { platform } = setup(new Date('2026-11-22T10:00:00Z'), 'de');
    renderWithPlatform(<DailyDealsPage />, { platform, remote: 'mf-specials', locales });
    expect(screen.getByRole('heading', { level: 1, name: 'Tagesangebote' })).toBeInTheDocument();
    expect(await screen.findByText('Noch 60 von 100')).toBeInTheDocument();
  });
});

describe('taking an offer', () => {
  const claim: DailyBonusClaim = {
    offerId: 1,
    offer: 'TopUpPercent',
    date: '2026-11-22',
    claimedAt: '2026-11-22T10:00:00.000Z',
    paid: 0,
    reward: { type: 'ontop', value: 16, title: null },
  };

  it("claims today's offer once, with an Idempotency-Key, and says it is hers", async () => {
    const { platform } = setup(new Date('2026-11-22T10:00:00Z'), 'en', {
      loggedIn: true,
      rest: { [gamesEndpoints.claimDailyBonus.path]: () => claim },
    });
    renderWithPlatform(<DailyDealsPage />, { platform, remote: 'mf-specials', locales });
    await screen.findByRole('heading', { name: 'Offer 1' });
    // Only today's offers can be taken; the next days' say when.
    expect(screen.getAllByRole('button', { name: 'Claim' })).toHaveLength(1);
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Claim' }));
    });
    expect(await screen.findByText('You have taken this offer.')).toBeInTheDocument();
    expect(restCallsTo(platform, gamesEndpoints.claimDailyBonus)).toEqual([
      { params: { offerId: 1 }, idempotencyKey: expect.any(String) },
    ]);
    expect(platform.toasts).toContainEqual({ message: 'The offer is yours.', kind: 'success' });
  });

  it('shows an offer the guest took before as taken, and the bonus models of the day', async () => {
    jest.useFakeTimers({ now: new Date('2026-11-22T10:00:00Z') });
    const platform = createMockPlatform({
      loggedIn: true,
      query: () => ({ dailyBonus: { ...dailyBonusFixture(new Date()), consumedOffers: [1] } }),
    });
    renderWithPlatform(<DailyDealsPage />, { platform, remote: 'mf-specials', locales });
    expect(await screen.findByText('You have taken this offer.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Claim' })).not.toBeInTheDocument();
    const models = screen.getByRole('list', { name: "The day's bonus models" });
    expect(within(models).getByRole('link', { name: 'Lana' })).toBeInTheDocument();
  });

  it('says why an offer was refused, in German too, and sends visitors to the login', async () => {
    const refuse = () => {
      throw new ApiError(409, 'OFFER_CONDITION_NOT_MET', 'top up');
    };
    const { platform } = setup(new Date('2026-11-22T10:00:00Z'), 'de', {
      loggedIn: true,
      rest: { [gamesEndpoints.claimDailyBonus.path]: refuse },
    });
    renderWithPlatform(<DailyDealsPage />, { platform, remote: 'mf-specials', locales });
    await screen.findByText('Noch 60 von 100');
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Sichern' }));
    });
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Lade heute genug auf, um dir dieses Angebot zu sichern.',
    );

    const visitor = setup(new Date('2026-11-22T10:00:00Z'), 'en');
    renderWithPlatform(<DailyDealsPage />, { platform: visitor.platform, remote: 'mf-specials', locales });
    fireEvent.click((await screen.findAllByRole('button', { name: 'Claim' }))[0]!);
    expect(visitor.platform.openedFlows).toEqual(['login']);
    expect(restCallsTo(visitor.platform, gamesEndpoints.claimDailyBonus)).toEqual([]);
  });
});
