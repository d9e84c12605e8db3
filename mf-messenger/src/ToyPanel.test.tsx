import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import {
  messengerEndpoints,
  messengerToyControlsQuery,
  TOY_CONTROL_GIFT_IDS,
  toyLevelAt,
  type Language,
  type ToyControl,
  type ToyRun,
} from '@velvet/contracts';
import { ApiError } from '@velvet/sdk';
import { createMockPlatform, renderWithPlatform, restCallsTo, type MockPlatform } from '@velvet/testing';
import { ToyPanel, withRun } from './ToyPanel';
import { locales } from './locales';

const ACTOR = 101;

const control = (index: number): ToyControl => ({
  id: TOY_CONTROL_GIFT_IDS[index]!,
  name: `Toy ${index + 1}`,
  displayName: `Toy ${index + 1}`,
  price: { value: 100 * 2 ** index, currency: 'VXC', symbol: 'VXC' },
  imageUrl: `/media/gifts/toy-${index + 1}.webp`,
  active: true,
  vip: false,
  categoryId: 4,
  translations: [],
  duration: 10 * (index + 1),
  random: index === 3,
  intensity: index + 1,
});

const run = (id: number, state: ToyRun['state'], overrides: Partial<ToyRun> = {}): ToyRun => ({
  id,
  actorId: ACTOR,
  channelId: 1,
  giftId: TOY_CONTROL_GIFT_IDS[0],
  intensity: 1,
  random: false,
  duration: 10,
  state,
  chatId: null,
  startedAt: null,
  endsAt: null,
  ...overrides,
});

/** Her toy answers `available`; a purchase answers a waiting run, or fails with `failure`. */
function platformFor(
  available: boolean,
  { language = 'en', failure }: { language?: Language; failure?: ApiError } = {},
): MockPlatform {
  return createMockPlatform({
    loggedIn: true,
    language,
    query: (operation) =>
      operation.document === messengerToyControlsQuery.document
        ? { messengerToyControls: [0, 1, 2, 3].map(control) }
        : {},
    rest: {
      // One path, two methods: the purchase carries a body.
      [messengerEndpoints.toy.path]: (input: { body?: { giftId: number } }) => {
        if (!input.body) return { available, runs: [] };
        if (failure) throw failure;
        return { run: run(7, 'available', { giftId: input.body.giftId }) };
      },
    },
  });
}

const render = (platform: MockPlatform) =>
  renderWithPlatform(<ToyPanel actorId={ACTOR} />, { platform, remote: 'mf-messenger', locales });

describe('the toy panel', () => {
  it('offers the four controls with intensity, duration, random mode and price, and buys one', async () => {
    const platform = platformFor(true);
    render(platform);
    // Prices are formatted with a no-break space before the currency.
    expect(await screen.findByRole('button', { name: /^Toy 1: intensity 1, 10 s for 1\sVXC$/ })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /^Toy 4: random intensity, 40 s for 8\sVXC$/ })).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: /^Toy 2: intensity 2, 20 s for 2\sVXC$/ }));
    expect(await screen.findByText('Toy 2 is waiting for her toy.')).toBeInTheDocument();
    const [call] = restCallsTo(platform, messengerEndpoints.buyToyControl).filter((input) => input?.body);
    expect(call?.body).toEqual({ giftId: TOY_CONTROL_GIFT_IDS[1] });
    expect(call?.idempotencyKey).toMatch(/^[\w-]{8,}$/);
  });

  it('follows the pushed states: available, active, started, then finished', async () => {
    const platform = platformFor(true);
    render(platform);
    await screen.findByRole('button', { name: /Toy 1/ });
    const steps: [ToyRun['state'], string][] = [
      ['available', 'Toy 1 is waiting for her toy.'],
      ['active', 'Toy 1: her toy is connecting.'],
      ['started', 'Toy 1 is running at intensity 1 for 10 s.'],
      ['finished', 'Toy 1 ran its 10 s.'],
    ];
    for (const [state, text] of steps) {
      act(() => platform.emit({ type: 'toyControl', run: run(3, state) }));
      expect(screen.getByText(text)).toBeInTheDocument();
      expect(screen.getAllByRole('listitem').filter((item) => item.dataset.state)).toHaveLength(1);
    }
    // Another performer's toy is not this one.
    act(() => platform.emit({ type: 'toyControl', run: run(4, 'started', { actorId: ACTOR + 1 }) }));
    expect(screen.queryAllByText('Toy 1 is running at intensity 1 for 10 s.')).toEqual([]);
  });

  it('shows nothing while her toy takes no controls, and hides the controls when she goes off line', async () => {
    const off = platformFor(false);
    const { container } = render(off);
    await waitFor(() => expect(restCallsTo(off, messengerEndpoints.toy)).toHaveLength(1));
    // The answers arrive (a turn of the event loop): still nothing to show.
    await act(() => new Promise((resolve) => setTimeout(resolve, 0)));
    expect(container.querySelector('section')).toBeNull();

    const on = platformFor(true);
    render(on);
    await screen.findByRole('button', { name: /Toy 1/ });
    act(() => on.emit({ type: 'actorOffline', actorId: ACTOR, actorName: 'performer' }));
    expect(screen.queryByRole('button', { name: /Toy 1/ })).not.toBeInTheDocument();
  });

  it('no money opens the money charge and says so, in German', async () => {
    const platform = platformFor(true, {
      language: 'de',
      failure: new ApiError(402, 'INSUFFICIENT_FUNDS', 'short'),
    });
    render(platform);
    fireEvent.click(await screen.findByRole('button', { name: /Toy 4: zufällige Stärke, 40 s/ }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Dein Guthaben reicht nicht.');
    expect(platform.openedFlows).toEqual(['moneyCharge']);
  });

  it('a toy that takes no controls now is told in Dutch and its controls go away', async () => {
    const platform = platformFor(true, {
      language: 'nl',
      failure: new ApiError(409, 'TOY_NOT_AVAILABLE', 'off'),
    });
    render(platform);
    fireEvent.click(await screen.findByRole('button', { name: /Toy 1: sterkte 1/ }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Haar toy neemt nu geen toy-besturing aan.');
    expect(screen.queryByRole('button', { name: /Toy 1/ })).not.toBeInTheDocument();
  });
});

it('shows the intensity a random run drives now, as it changes', () => {
  jest.useFakeTimers({ now: new Date('2026-01-01T12:00:00Z') });
  try {
    const platform = platformFor(true);
    render(platform);
    const random = run(9, 'started', {
      giftId: TOY_CONTROL_GIFT_IDS[3],
      intensity: 4,
      random: true,
      duration: 60,
      startedAt: '2026-01-01T12:00:00.000Z',
    });
    act(() => platform.emit({ type: 'toyControl', run: random }));
    const levels = new Set<number>();
    for (let second = 0; second < 60; second += 3) {
      const level = toyLevelAt(random, new Date(Date.parse('2026-01-01T12:00:00Z') + second * 1000));
      levels.add(level);
      expect(screen.getByText(`is running at intensity ${level} for 60 s.`, { exact: false })).toBeInTheDocument();
      act(() => jest.advanceTimersByTime(3000));
    }
    expect(levels.size).toBeGreaterThan(1);
  } finally {
    jest.useRealTimers();
  }
});

describe('withRun', () => {
  it('replaces a run by id, keeps the list by id and drops ended runs', () => {
    const list = withRun(withRun([], run(2, 'available')), run(1, 'started'));
    expect(list.map((r) => [r.id, r.state])).toEqual([
      [1, 'started'],
      [2, 'available'],
    ]);
    expect(withRun(list, run(2, 'active')).map((r) => r.state)).toEqual(['started', 'active']);
    expect(withRun(list, run(1, 'completed')).map((r) => r.id)).toEqual([2]);
  });
});
