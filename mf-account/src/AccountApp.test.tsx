import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import {
  accountEndpoints,
  seoEndpoints,
  type GuestBenefits,
  type GuestSubscription,
  type RouteName,
  type SubscriptionsState,
} from '@velvet/contracts';
import { ApiError } from '@velvet/sdk';
import {
  breadcrumbFixture,
  createMockPlatform,
  renderWithPlatform,
  restCallsTo,
  type MockPlatformOptions,
} from '@velvet/testing';
import { AccountApp, AREA_PAGES } from './AccountApp';
import { Vip30Widget } from './VipClub';
import { TvSubscriptionWidget } from './Subscriptions';
import { locales } from './locales';

const profile = (name = 'Tester') => ({
  config: { languages: ['de', 'en', 'nl', 'es'] as const, nameMinLength: 2, nameMaxLength: 40 },
  profile: {
    id: 'guest-1',
    name,
    email: 'tester@example.com',
    avatarUrl: null,
    registeredSince: '2026-01-01T00:00:00.000Z',
    preferences: { language: 'en' as const, newsletter: false, showDataProtection: false },
  },
});

const benefits: GuestBenefits = {
  spinwheelSpins: 3,
  messengerGiftCount: 2,
  freeMessagesCount: 10,
  privateShowTickets: 1,
  chatShowTickets: 0,
  bonusCodeCount: 0,
  vouchers: [
    {
      id: 1,
      guestId: 'guest-1',
      type: 10,
      amount: 3,
      validFrom: '2026-01-01T00:00:00.000Z',
      validTo: '2026-02-01T00:00:00.000Z',
      actors: [],
      code: null,
    },
    {
      id: 2,
      guestId: 'guest-1',
      type: 8,
      amount: 1,
      validFrom: '2026-01-01T00:00:00.000Z',
      validTo: null,
      actors: [{ id: 7, online: true, name: 'Anna', link: 'anna', avatar: '/media/actors/7/avatar.webp' }],
      code: null,
    },
  ],
};

function render(route: RouteName, options: MockPlatformOptions = {}) {
  const platform = createMockPlatform({
    loggedIn: true,
    route: { name: route },
    rest: {
      '/guest/profile/get': () => profile(),
      '/guest/profile/update': ({ body }) =>
        profile((body as { properties: { name: string } } | undefined)?.properties.name),
      '/guest/benefits': () => benefits,
      '/pincall/verifications': () => ({ verifications: [] }),
    },
    ...options,
  });
  return renderWithPlatform(<AccountApp />, { platform, remote: 'mf-account', locales });
}

describe('personal area', () => {
  it('opens the money charge from the balance', () => {
    const { platform } = render('myAccount');
    fireEvent.click(screen.getByRole('button', { name: 'Buy coins' }));
    expect(platform.openedFlows).toEqual(['moneyCharge']);
  });

  it('links every page of the area through the route table', () => {
    const { platform } = render('myAccount');
    expect(screen.getByRole('heading', { name: 'Hello Tester' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: /Benefits Your vouchers/ })).toHaveAttribute(
      'href',
      '/en/myvisitx/benefits/',
    );
    fireEvent.click(screen.getByRole('link', { name: /Messenger/ }));
    expect(platform.navigations).toEqual([{ name: 'messenger', args: {} }]);
  });

  it('asks visitors to log in', () => {
    const { platform } = render('myAccountProfile', { loggedIn: false });
    fireEvent.click(screen.getByRole('button', { name: 'Log in' }));
    expect(platform.openedFlows).toEqual(['login']);
    // Nothing of the guest's is asked for; the page's trail is the same for everyone.
    expect(platform.restCalls.map((call) => call.path)).toEqual([seoEndpoints.breadcrumb.path]);
  });

  it.each(AREA_PAGES)("%s shows the server's trail of its breadcrumb type, before the login", async (name) => {
    render(name, { loggedIn: false, rest: breadcrumbFixture() });
    const type = name === 'myAccountSpinwheel' ? 'spinwheel' : name;
    const trail = within(await screen.findByRole('navigation', { name: 'Breadcrumb' }));
    expect(await trail.findByText(`${type} {}`)).toHaveAttribute('aria-current', 'page');
    expect(trail.getByRole('link', { name: 'Velvet' })).toHaveAttribute('href', '/en/');
  });

  it('is translated, with localized links', () => {
    render('myAccount', { language: 'de' });
    expect(screen.getByRole('heading', { name: 'Hallo Tester' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Vorteile' })).toHaveAttribute('href', '/de/myvisitx/vorteile/');
  });
});

describe('profile', () => {
  it('validates the name before saving', async () => {
    const { platform } = render('myAccountProfile');
    const name = await screen.findByLabelText('Name');
    fireEvent.change(name, { target: { value: ' x ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('The name needs at least 2 characters.');
    expect(platform.restCalls.filter((c) => c.path === '/guest/profile/update')).toEqual([]);
  });

  it('saves name and language through guest/profile/update, and leads to the newsletters', async () => {
    const { platform } = render('myAccountProfile');
    fireEvent.change(await screen.findByLabelText('Name'), { target: { value: 'New Name ' } });
    fireEvent.change(screen.getByLabelText('Preferred language'), { target: { value: 'nl' } });
    expect(screen.getByRole('link', { name: 'Newsletters and your address' })).toHaveAttribute(
      'href',
      '/en/myvisitx/notifications/',
    );
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByRole('status')).toHaveTextContent('Your profile has been saved.');
    expect(platform.restCalls.at(-1)?.input?.body).toEqual({
      properties: { name: 'New Name', preferences: { language: 'nl' } },
    });
    expect(platform.toasts).toEqual([{ message: 'Your profile has been saved.', kind: 'success' }]);
  });

  it('shows the saved profile when the guest comes back to the page', async () => {
    render('myAccountProfile');
    fireEvent.change(await screen.findByLabelText('Name'), { target: { value: 'New Name' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await screen.findByRole('status');
    fireEvent.click(screen.getByRole('link', { name: 'My account' }));
    expect(await screen.findByRole('heading', { name: 'Hello Tester' })).toBeInTheDocument();
    fireEvent.click(screen.getByRole('link', { name: 'Profile' }));
    expect(await screen.findByLabelText('Name')).toHaveValue('New Name');
  });

  it('says when the name is taken', async () => {
    render('myAccountProfile', {
      rest: {
        '/guest/profile/get': () => profile(),
        '/guest/profile/update': () => {
          throw new ApiError(409, 'NAME_TAKEN', 'taken');
        },
      },
    });
    fireEvent.change(await screen.findByLabelText('Name'), { target: { value: 'Anna' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    // The phone number's load has no answer here, and shows its error view too.
    expect(await screen.findByText('This name is already taken.')).toHaveAttribute('role', 'alert');
  });
});

describe('benefits', () => {
  it('shows the counts, the vouchers with their performers and hosts the rewards of the specials remote', async () => {
    const { platform } = render('myAccountBenefits');
    const spins = await screen.findByText('Spinwheel spins');
    expect(spins.parentElement).toHaveTextContent('3');
    expect(screen.getByText('Free messages').parentElement).toHaveTextContent('10');
    expect(screen.getByText('3 spins')).toBeInTheDocument();
    const privateShow = screen.getByText('1 private show ticket').closest('li')!;
    expect(within(privateShow).getByRole('link', { name: 'Anna' })).toHaveAttribute('href', '/en/amateur/anna/');
    expect(privateShow).toHaveTextContent('no expiry date');
    expect(platform.renderedSlots).toEqual([{ slot: 'myAccount.rewards', props: undefined, mounted: true }]);
  });

  it('follows the guestVouchers push and redeems spins on the wheel', async () => {
    const after: GuestBenefits = { ...benefits, spinwheelSpins: 0, vouchers: benefits.vouchers.slice(1) };
    const { platform } = render('myAccountBenefits', {
      rest: {
        '/guest/benefits': () => benefits,
        '/guest/vouchers/:voucherId/use': () => ({
          voucherId: 1,
          type: 10,
          used: 3,
          mediaId: null,
          bonus: null,
          benefits: after,
        }),
      },
    });
    const spins = await screen.findByText('Spinwheel spins');
    act(() => platform.emit({ type: 'guestVouchers', ...benefits, freeMessagesCount: 9 }));
    await waitFor(() => expect(screen.getByText('Free messages').parentElement).toHaveTextContent('9'));
    const voucher = screen.getByText('3 spins').closest('li')!;
    fireEvent.click(within(voucher).getByRole('button', { name: 'Put on my spinwheel' }));
    await waitFor(() => expect(spins.parentElement).toHaveTextContent('0'));
    expect(screen.queryByText('3 spins')).not.toBeInTheDocument();
    expect(restCallsTo(platform, accountEndpoints.useVoucher)).toEqual([
      { params: { voucherId: 1 }, body: {}, idempotencyKey: expect.any(String) },
    ]);
    expect(platform.toasts).toContainEqual({ message: '3 spins are on your spinwheel', kind: 'success' });
    // Where a voucher pays by itself, the page says so.
    expect(
      within(screen.getByText('1 private show ticket').closest('li')!).getByText(
        'Used by itself when you buy a private show ticket',
      ),
    ).toBeInTheDocument();
  });

  it('says why a voucher was refused', async () => {
    render('myAccountBenefits', {
      rest: {
        '/guest/benefits': () => benefits,
        '/guest/vouchers/:voucherId/use': () => {
          throw new ApiError(409, 'VOUCHER_EXPIRED', 'expired');
        },
      },
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Put on my spinwheel' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('This voucher has expired.');
  });

  it('shows a server fault at once with a retry that loads again', async () => {
    let calls = 0;
    render('myAccountBenefits', {
      rest: {
        '/guest/benefits': () => {
          calls += 1;
          if (calls === 1) throw new ApiError(500, 'INTERNAL', 'down');
          return benefits;
        },
      },
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('Spinwheel spins')).toBeInTheDocument();
    expect(calls).toBe(2);
  });
});

describe('spinwheel', () => {
  it('hosts the specials widget in its slot', () => {
    const { platform } = render('myAccountSpinwheel');
    expect(platform.renderedSlots).toEqual([{ slot: 'myAccount.spinwheel', props: undefined, mounted: true }]);
  });

  it('says the spinwheel is not available when no remote fills the slot', () => {
    const { platform } = render('myAccountSpinwheel', { filledSlots: [] });
    expect(screen.getByText('The spinwheel is not available at the moment.')).toBeInTheDocument();
    expect(platform.renderedSlots).toEqual([]);
  });
});

const plans: SubscriptionsState['plans'] = [
  { id: 'vip', kind: 'vip', days: 30, priceCents: 999, trial: false },
  { id: 'vipTrial', kind: 'vip', days: 7, priceCents: 199, trial: true },
  { id: 'tv', kind: 'tv', days: 30, priceCents: 1499, trial: false },
];
const noSubscriptions: SubscriptionsState = {
  plans,
  subscriptions: [],
  trialUsed: false,
  formerVip: false,
  formerTvSubscriber: false,
};
const vipSubscription: GuestSubscription = {
  id: 'sub-1',
  kind: 'vip',
  plan: 'vip',
  status: 'active',
  periodStart: '2026-03-01T10:00:00.000Z',
  periodEnd: '2026-03-31T10:00:00.000Z',
  nextPriceCents: 999,
  offerAvailable: true,
};

describe('VIP club', () => {
  it('shows the plans in EUR with a comma and asks visitors to log in', async () => {
    render('vipClub', {
      loggedIn: false,
      rest: { '/subscriptions': () => noSubscriptions },
    });
    expect(await screen.findByText(/9,99\s€ for 30 days/)).toBeInTheDocument();
    expect(screen.getByText(/1,99\s€ for 7 days, then 9,99\s€ every 30 days/)).toBeInTheDocument();
    expect(screen.getByText('Log in to become a VIP member.')).toBeInTheDocument();
    expect(screen.queryByLabelText('Card number')).not.toBeInTheDocument();
  });

  it('subscribes with a card and one idempotency key per attempt, then shows the membership', async () => {
    let state = noSubscriptions;
    const { platform } = render('vipClub', {
      rest: {
        '/subscriptions': () => state,
        '/subscriptions/subscribe': () => {
          state = { ...noSubscriptions, subscriptions: [vipSubscription] };
          return vipSubscription;
        },
      },
    });
    const trial = await screen.findByRole('form', { name: 'VIP trial' });
    fireEvent.change(within(trial).getByLabelText('Card number'), { target: { value: '4242 4242 4242 4242' } });
    fireEvent.click(within(trial).getByRole('button', { name: /Subscribe for 1,99/ }));
    expect(await screen.findByRole('heading', { name: 'Your VIP membership' })).toBeInTheDocument();
    const call = platform.restCalls.find((c) => c.path === '/subscriptions/subscribe');
    expect(call?.input?.body).toEqual({ plan: 'vipTrial', cardNumber: '4242424242424242' });
    expect(call?.input?.idempotencyKey).toMatch(/^[0-9a-f-]{36}$/);
    expect(screen.queryByText(/soon/i)).not.toBeInTheDocument();
  });

  it('offers the trial only to guests who never had it', async () => {
    render('vipClub', {
      rest: { '/subscriptions': () => ({ ...noSubscriptions, trialUsed: true }) },
    });
    expect(await screen.findByRole('form', { name: 'VIP monthly' })).toBeInTheDocument();
    expect(screen.queryByRole('form', { name: 'VIP trial' })).not.toBeInTheDocument();
  });

  it('cancelling shows the offer first; taking it keeps the membership', async () => {
    const { platform } = render('vipClub', {
      rest: {
        '/subscriptions': () => ({ ...noSubscriptions, subscriptions: [vipSubscription] }),
        '/subscriptions/cancel': () => ({ status: 'offered', endsAt: vipSubscription.periodEnd, offerPriceCents: 500 }),
        '/acceptCancellationOffer': () => ({
          acceptedOffer: true,
          info: { endsAt: vipSubscription.periodEnd, nextPriceCents: 500 },
        }),
      },
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Cancel subscription' }));
    expect(await screen.findByText(/Stay and pay only 5,00\s€ for your next period/)).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Take the offer' }));
    await waitFor(() =>
      expect(platform.restCalls.find((c) => c.path === '/acceptCancellationOffer')?.input?.body).toEqual({
        kind: 'vip',
        accept: true,
      }),
    );
  });

  it('home VIP30 block shows the VIP plans on sale and links to the VIP club, where they are bought', async () => {
    const platform = createMockPlatform({ language: 'es', rest: { '/subscriptions': () => noSubscriptions } });
    renderWithPlatform(<Vip30Widget />, { platform, remote: 'mf-account', locales });
    expect(await screen.findByText(/^9,99\s€ por 30 días/)).toBeInTheDocument();
    expect(screen.getByText(/^1,99\s€ por 7 días/)).toBeInTheDocument();
    expect(screen.queryByText(/premium/i)).not.toBeInTheDocument();
    const link = screen.getByRole('link', { name: 'Al club VIP' });
    expect(link).toHaveAttribute('href', '/es/vipclub/');
    fireEvent.click(link);
    await waitFor(() => expect(platform.navigations).toEqual([{ name: 'vipClub', args: {} }]));
  });

  it('home VIP30 block leaves out the trial a guest already had', async () => {
    const platform = createMockPlatform({
      loggedIn: true,
      rest: { '/subscriptions': () => ({ ...noSubscriptions, trialUsed: true }) },
    });
    renderWithPlatform(<Vip30Widget />, { platform, remote: 'mf-account', locales });
    expect(await screen.findByRole('heading', { name: 'VIP monthly' })).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'VIP trial' })).not.toBeInTheDocument();
  });
});

describe('TV subscription flow', () => {
  it("sells the TV plan in the shell's modal and ends the flow once the push says the guest subscribes", async () => {
    const platform = createMockPlatform({
      loggedIn: true,
      rest: {
        '/subscriptions': () => noSubscriptions,
        '/subscriptions/subscribe': () => ({ ...vipSubscription, kind: 'tv', plan: 'tv' }),
      },
    });
    const close = jest.fn();
    renderWithPlatform(<TvSubscriptionWidget platform={platform} close={close} />, {
      platform,
      remote: 'mf-account',
      locales,
    });
    const form = await screen.findByRole('form', { name: 'Premium TV' });
    expect(screen.queryByRole('form', { name: 'VIP trial' })).not.toBeInTheDocument();
    fireEvent.change(within(form).getByLabelText('Card number'), { target: { value: '4242 4242 4242 4242' } });
    fireEvent.click(within(form).getByRole('button', { name: /Subscribe for 14,99/ }));
    await waitFor(() =>
      expect(platform.restCalls.find((c) => c.path === '/subscriptions/subscribe')?.input?.body).toEqual({
        plan: 'tv',
        cardNumber: '4242424242424242',
      }),
    );
    expect(close).not.toHaveBeenCalled();
    act(() => platform.setGuest({ flags: { tvSubscriber: true } }));
    expect(close).toHaveBeenCalledTimes(1);
  });
});
