import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import {
  balanceOnWire,
  paymentFlowEndpoints,
  walletEndpoints,
  type AutoRechargeState,
  type ChargeResult,
  type SandboxChargeBody,
} from '@velvet/contracts';
import { ApiError } from '@velvet/sdk';
import { createMockPlatform, renderWithPlatform, restCallsTo, restFixture, type MockPlatform } from '@velvet/testing';
import { MoneyChargeWidget } from './MoneyCharge';
import { locales } from './locales';

const DECLINED = '4000000000000002';
const PAID = '4242424242424242';

/** A sandbox that declines one card and credits the guest once per idempotency key, as the server does. */
function sandbox() {
  const answered = new Map<string, ChargeResult>();
  let balance = 0;
  let release: (() => void) | null = null;
  let hold = false;
  const charge = async ({ body, idempotencyKey }: { body: SandboxChargeBody; idempotencyKey?: string }) => {
    if (hold) await new Promise<void>((resolve) => (release = resolve));
    if (!idempotencyKey) throw new ApiError(400, 'IDEMPOTENCY_KEY_MISSING', 'Idempotency-Key header required');
    const earlier = answered.get(idempotencyKey);
    if (earlier) return earlier;
    if (body.cardNumber === DECLINED) throw new ApiError(402, 'PAYMENT_DECLINED', 'The card was declined');
    const coins = Math.ceil(body.amountEur * 4) * 100;
    balance += coins;
    const onWire = balanceOnWire(balance, 'en');
    const result: ChargeResult = {
      success: true,
      coins,
      guestBalance: onWire.balance,
      guestBalanceFormatted: onWire.balanceFormatted,
      reference: `sandbox-${answered.size + 1}`,
    };
    answered.set(idempotencyKey, result);
    return result;
  };
  return {
    rest: restFixture(walletEndpoints.sandboxCharge, charge),
    balance: () => balance,
    holdAnswers: () => (hold = true),
    releaseAnswer: () => release?.(),
  };
}

/** A guest who has paid by card before and has not answered the automatic recharge's teaser. */
const OFFERED: AutoRechargeState = {
  enabled: false,
  amountEurCents: 1000,
  thresholdCoins: 20,
  amounts: [500, 1000, 2000],
  allowed: true,
  teaserState: 'open',
};

/**
 * The guest's automatic recharge as the server keeps it: read, saved (same path as the read) and the teaser's
 * answer; `failing` fails the changes.
 */
function autoRecharge(initial: AutoRechargeState, failing = false) {
  let state = initial;
  const change = (next: AutoRechargeState) => {
    if (failing) return Promise.reject(new ApiError(500, 'INTERNAL', 'boom'));
    state = next;
    return Promise.resolve(state);
  };
  return {
    [paymentFlowEndpoints.autoRecharge.path]: (input?: { body?: Partial<AutoRechargeState> }) =>
      input?.body ? change({ ...state, ...input.body }) : state,
    ...restFixture(paymentFlowEndpoints.autoRechargeTeaserState, ({ body }) =>
      change({ ...state, teaserState: body.mode }),
    ),
  };
}

function render(
  options: { loggedIn?: boolean; language?: 'de' | 'en'; autoRecharge?: AutoRechargeState; failing?: boolean } = {},
) {
  const provider = sandbox();
  const platform = createMockPlatform({
    loggedIn: options.loggedIn ?? true,
    language: options.language ?? 'en',
    rest: {
      ...provider.rest,
      ...autoRecharge(options.autoRecharge ?? { ...OFFERED, allowed: false }, options.failing),
    },
  });
  const close = jest.fn();
  const view = renderWithPlatform(<MoneyChargeWidget platform={platform} close={close} />, {
    platform,
    remote: 'mf-account',
    locales,
  });
  return { ...view, platform, provider, close };
}

const charges = (platform: MockPlatform) => restCallsTo(platform, walletEndpoints.sandboxCharge);
const typeCard = (number: string, label = 'Card number') =>
  fireEvent.change(screen.getByLabelText(label), { target: { value: number } });

describe('money charge', () => {
  it('offers the amounts in EUR with the coins each buys, from the shared conversion', () => {
    render();
    expect(screen.getByRole('radio', { name: /10,00\s€\s*40\sVXC/ })).toBeChecked();
    expect(screen.getByTestId('money-charge-coins')).toHaveTextContent('You get 40 VXC');
    fireEvent.click(screen.getByRole('radio', { name: /5,00\s€/ }));
    expect(screen.getByTestId('money-charge-coins')).toHaveTextContent('You get 20 VXC');
    expect(screen.getByRole('button', { name: 'Pay 5,00\u00a0€' })).toBeInTheDocument();
    expect(screen.getAllByRole('radio').map((radio) => (radio as HTMLInputElement).value)).toEqual([
      '5',
      '10',
      '20',
      '50',
      '100',
    ]);
  });

  it('pays with the test card, sends one idempotency key, toasts and closes', async () => {
    const { platform, close, provider } = render();
    typeCard('4242 4242 4242 4242');
    fireEvent.click(screen.getByRole('button', { name: 'Pay 10,00\u00a0€' }));
    await waitFor(() => expect(close).toHaveBeenCalledTimes(1));
    const [call] = charges(platform);
    expect(call?.body).toEqual({ amountEur: 10, cardNumber: PAID });
    expect(call?.idempotencyKey).toMatch(/^[0-9a-f-]{36}$/);
    expect(platform.toasts).toEqual([
      { message: 'Thank you! 40\u00a0VXC have been added. Your balance: 40\u00a0VXC', kind: 'success' },
    ]);
    expect(provider.balance()).toBe(4000);
  });

  it('sends a double click once and shows the payment as running', async () => {
    const { platform, provider, close } = render();
    provider.holdAnswers();
    typeCard(PAID);
    const pay = screen.getByRole('button', { name: 'Pay 10,00\u00a0€' });
    const form = screen.getByTestId('money-charge');
    // two submits in the same tick, before React could disable the button
    act(() => {
      fireEvent.submit(form);
      fireEvent.submit(form);
    });
    expect(pay).toBeDisabled();
    expect(pay).toHaveAttribute('aria-busy', 'true');
    expect(pay).toHaveTextContent('Paying…');
    act(() => provider.releaseAnswer());
    await waitFor(() => expect(close).toHaveBeenCalled());
    expect(charges(platform)).toHaveLength(1);
    expect(provider.balance()).toBe(4000);
  });

  it('explains a declined card, credits nothing, and pays with another card under a new key', async () => {
    const { platform, close, provider } = render();
    typeCard(DECLINED);
    fireEvent.click(screen.getByRole('button', { name: 'Pay 10,00\u00a0€' }));
    expect(await screen.findByTestId('money-charge-error')).toHaveTextContent(
      'Your card was declined. Nothing was charged. Please use another card.',
    );
    expect(close).not.toHaveBeenCalled();
    expect(platform.toasts).toEqual([]);
    expect(provider.balance()).toBe(0);

    typeCard(PAID);
    fireEvent.click(screen.getByRole('button', { name: 'Pay 10,00\u00a0€' }));
    await waitFor(() => expect(close).toHaveBeenCalled());
    const [declined, paid] = charges(platform);
    expect(paid?.idempotencyKey).not.toBe(declined?.idempotencyKey);
    expect(provider.balance()).toBe(4000);
  });

  it('retries a lost answer with the same key, so the guest is credited once', async () => {
    const { platform, close, provider } = render();
    let lose = true;
    const answer = platform.api.rest;
    platform.api.rest = (async (endpoint, input) => {
      const result = await answer(endpoint, input as never);
      if (lose) {
        lose = false;
        throw new TypeError('Failed to fetch');
      }
      return result;
    }) as typeof platform.api.rest;
    typeCard(PAID);
    fireEvent.click(screen.getByRole('button', { name: 'Pay 10,00\u00a0€' }));
    expect(await screen.findByTestId('money-charge-error')).toHaveTextContent('you will not be charged twice');
    fireEvent.click(screen.getByRole('button', { name: 'Pay 10,00\u00a0€' }));
    await waitFor(() => expect(close).toHaveBeenCalled());
    const [first, retry] = charges(platform);
    expect(retry?.idempotencyKey).toBe(first?.idempotencyKey);
    expect(provider.balance()).toBe(4000);
  });

  it('checks the card number before sending anything', () => {
    const { platform } = render();
    typeCard('4242');
    fireEvent.click(screen.getByRole('button', { name: 'Pay 10,00\u00a0€' }));
    expect(screen.getByRole('alert')).toHaveTextContent('Please enter a card number with 12 to 19 digits.');
    expect(screen.getByLabelText('Card number')).toHaveAttribute('aria-invalid', 'true');
    expect(charges(platform)).toHaveLength(0);
  });

  it('shows an unknown server code as a clear generic message', async () => {
    const { platform } = render();
    platform.api.rest = (() => Promise.reject(new ApiError(500, 'INTERNAL', 'boom'))) as typeof platform.api.rest;
    typeCard(PAID);
    fireEvent.click(screen.getByRole('button', { name: 'Pay 10,00\u00a0€' }));
    expect(await screen.findByTestId('money-charge-error')).toHaveTextContent(
      'The payment could not be completed. Please try again.',
    );
  });

  it('asks an anonymous visitor to log in', () => {
    const { platform } = render({ loggedIn: false });
    fireEvent.click(screen.getByRole('button', { name: 'Log in' }));
    expect(platform.openedFlows).toEqual(['login']);
    expect(screen.queryByLabelText('Card number')).toBeNull();
  });

  it('speaks German', async () => {
    render({ language: 'de' });
    typeCard(DECLINED, 'Kartennummer');
    fireEvent.click(screen.getByRole('button', { name: '10,00\u00a0€ bezahlen' }));
    expect(await screen.findByTestId('money-charge-error')).toHaveTextContent('Deine Karte wurde abgelehnt.');
  });

  describe('the automatic recharge teaser', () => {
    const teaser = () => screen.queryByTestId('auto-recharge-teaser');
    const posts = (platform: MockPlatform, path: string) =>
      platform.restCalls.filter((call) => call.method === 'POST' && call.path === path).map((call) => call.input);

    it('offers a guest with a saved card to turn it on with the amount and threshold on file', async () => {
      const { platform } = render({ autoRecharge: OFFERED });
      expect(await screen.findByTestId('auto-recharge-teaser')).toHaveTextContent(
        'recharge 10,00 € automatically with your saved card when your balance falls below 20 VXC.',
      );
      expect(screen.getByTestId('money-charge')).toBeInTheDocument();
      fireEvent.click(screen.getByRole('button', { name: 'Turn on' }));
      await waitFor(() => expect(teaser()).toBeNull());
      expect(posts(platform, '/payment/autoRecharge')).toEqual([
        { body: { enabled: true, amountEurCents: 1000, thresholdCoins: 20 } },
      ]);
      expect(platform.toasts).toEqual([{ message: 'Automatic recharge is on.', kind: 'success' }]);
      expect(screen.getByTestId('money-charge')).toBeInTheDocument();
    });

    it('"no, thanks" closes it for good', async () => {
      const { platform } = render({ autoRecharge: OFFERED, language: 'de' });
      fireEvent.click(await screen.findByRole('button', { name: 'Nein, danke' }));
      await waitFor(() => expect(teaser()).toBeNull());
      expect(posts(platform, '/autoRechargeTeaserState')).toEqual([{ body: { mode: 'closed' } }]);
      expect(posts(platform, '/payment/autoRecharge')).toEqual([]);
    });

    it.each([
      ['without a saved card', { ...OFFERED, allowed: false }],
      ['with it on already', { ...OFFERED, enabled: true }],
      ['after "no, thanks"', { ...OFFERED, teaserState: 'closed' as const }],
    ])('is not offered %s', async (_case, state) => {
      const { platform } = render({ autoRecharge: state });
      await waitFor(() =>
        expect(platform.restCalls.some((call) => call.path === paymentFlowEndpoints.autoRecharge.path)).toBe(true),
      );
      // the answer arrived: the form is there and the offer is not
      await screen.findByTestId('money-charge');
      await act(async () => undefined);
      expect(teaser()).toBeNull();
    });

    it('says when the answer failed and keeps the offer', async () => {
      const { platform } = render({ autoRecharge: OFFERED, failing: true });
      fireEvent.click(await screen.findByRole('button', { name: 'Turn on' }));
      expect(await screen.findByRole('alert')).toHaveTextContent('That did not work. Please try again.');
      expect(teaser()).toBeInTheDocument();
      expect(screen.getByRole('button', { name: 'Turn on' })).toBeEnabled();
      expect(platform.toasts).toEqual([]);
    });
  });
});
