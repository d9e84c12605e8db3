import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { EasterEvent, UserActivityEvent } from '@velvet/contracts';
import { RemoteProviders } from '@velvet/federation';
import { ApiError } from '@velvet/sdk';
import { createMockPlatform, hydrateOverServer, renderWithPlatform } from '@velvet/testing';
import { locales } from '../locales';
import { SpecialsApp } from '../SpecialsApp';
import { EasterEggOverlay } from './EasterEggOverlay';

const easter = (overrides: Partial<EasterEvent> = {}): EasterEvent => ({
  eventType: 'easter',
  id: 1,
  name: 'Búsqueda de huevos de Pascua',
  start: '2026-11-22T10:00:00.000Z',
  end: '2026-12-09T10:00:00.000Z',
  rewardClaimEnd: '2026-12-16T10:00:00.000Z',
  hasStarted: true,
  hasEnded: false,
  collectedEggs: 2,
  totalEggs: 8,
  rewards: [
    {
      id: 1,
      type: 'bonus',
      value: 25,
      info: '25 monedas',
      requiredEggs: 2,
      hidden: false,
      isUpTo: false,
      redeemed: false,
      claimable: true,
    },
    {
      id: 3,
      type: 'blank',
      value: 0,
      info: 'Una sorpresa',
      requiredEggs: 6,
      hidden: true,
      isUpTo: false,
      redeemed: false,
      claimable: false,
    },
  ],
  history: [],
  ...overrides,
});

describe('the Easter eggs laid over a page', () => {
  it('lets a guest collect the egg hidden on the page with its token and counts it', async () => {
    const platform = createMockPlatform({
      loggedIn: true,
      rest: {
        '/special/easter/eggs/:page': () => ({ eggs: [{ id: 7, spot: 3, token: 'issued-token' }] }),
        '/special/easter/collectEgg': () => ({ eggId: 7, collectedEggs: 3, totalEggs: 8 }),
      },
    });
    renderWithPlatform(<EasterEggOverlay platform={platform} route="videos" />, {
      platform,
      remote: 'mf-specials',
      locales,
    });
    fireEvent.click(await screen.findByRole('button', { name: 'An Easter egg! Collect it' }));
    expect(await screen.findByRole('status')).toHaveTextContent('Egg found! You have 3 of 8 eggs.');
    expect(screen.queryByRole('button', { name: 'An Easter egg! Collect it' })).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Your rewards' })).toHaveAttribute('href', '/en/easter-egg-hunt/');
    expect(platform.restCalls.map((call) => [call.path, call.input])).toEqual([
      ['/special/easter/eggs/:page', { params: { page: 'videos' } }],
      ['/special/easter/collectEgg', { body: { verificationToken: 'issued-token' } }],
    ]);
  });

  it('asks a visitor to log in, and shows nothing on a page without eggs', async () => {
    const visitor = createMockPlatform({
      rest: { '/special/easter/eggs/:page': () => ({ eggs: [{ id: 7, spot: 1, token: null }] }) },
    });
    const first = renderWithPlatform(<EasterEggOverlay platform={visitor} route="home" />, {
      platform: visitor,
      remote: 'mf-specials',
      locales,
    });
    fireEvent.click(await screen.findByRole('button', { name: 'An Easter egg! Collect it' }));
    expect(visitor.openedFlows).toEqual(['login']);
    expect(visitor.restCalls.map((call) => call.path)).toEqual(['/special/easter/eggs/:page']);
    first.unmount();

    const empty = createMockPlatform({ loggedIn: true, rest: { '/special/easter/eggs/:page': () => ({ eggs: [] }) } });
    const { container } = renderWithPlatform(<EasterEggOverlay platform={empty} route="feed" />, {
      platform: empty,
      remote: 'mf-specials',
      locales,
    });
    await waitFor(() => expect(empty.restCalls).toHaveLength(1));
    expect(container.querySelector('.specials-eggs')).toBeNull();
  });

  it('says when an egg could not be collected and asks the server again', async () => {
    let asked = 0;
    const platform = createMockPlatform({
      loggedIn: true,
      language: 'de',
      rest: {
        '/special/easter/eggs/:page': () => {
          asked += 1;
          return { eggs: [{ id: 7, spot: 2, token: 'issued-token' }] };
        },
        '/special/easter/collectEgg': () => {
          throw new ApiError(409, 'EVENT_NOT_RUNNING', 'over');
        },
      },
    });
    renderWithPlatform(<EasterEggOverlay platform={platform} route="blog" />, {
      platform,
      remote: 'mf-specials',
      locales,
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Ein Osterei! Sammle es ein' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Dieses Ei konnte nicht eingesammelt werden.');
    expect(asked).toBe(2);
  });
});

describe('the Easter egg hunt page', () => {
  it('shows the eggs found and lets the guest claim an unlocked reward, in Spanish', async () => {
    const platform = createMockPlatform({
      loggedIn: true,
      language: 'es',
      route: { name: 'easterEvent' },
      rest: {
        '/special/getData/:eventType': () => easter(),
        '/special/getData/:eventType/rewards/:rewardId': () =>
          easter({
            rewards: easter().rewards.map((r) => (r.id === 1 ? { ...r, redeemed: true, claimable: false } : r)),
            history: [
              {
                id: 5,
                type: 'bonus',
                value: 25,
                title: null,
                source: 'easter:1',
                points: 2,
                at: '2026-11-25T10:00:00Z',
              },
            ],
          }),
      },
    });
    renderWithPlatform(<SpecialsApp />, { platform, remote: 'mf-specials', locales });
    expect(await screen.findByRole('heading', { level: 1, name: 'Búsqueda de huevos de Pascua' })).toBeInTheDocument();
    expect(screen.getByTestId('easter-count')).toHaveTextContent('Has encontrado 2 de 8 huevos.');
    const reward = screen.getByText('25 monedas').closest('li')!;
    expect(reward).toHaveTextContent('por 2 huevos');
    expect(screen.getByText('Una sorpresa').closest('li')).not.toHaveTextContent('Recoger');
    fireEvent.click(within(reward).getByRole('button', { name: 'Recoger' }));
    expect(await within(reward).findByText('Recogido')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Tus premios recogidos' })).toBeInTheDocument();
    expect(platform.restCalls.at(-1)).toMatchObject({
      path: '/special/getData/:eventType/rewards/:rewardId',
      input: { params: { eventType: 'easter', rewardId: 1 }, query: { language: 'es' } },
    });
  });

  it('renders on the server as for every visitor and hydrates cleanly', async () => {
    const platform = createMockPlatform({
      language: 'de',
      route: { name: 'easterEvent' },
      rest: { '/special/getData/:eventType': () => easter({ name: 'Ostereiersuche', collectedEggs: 0 }) },
    });
    for (const [language, resources] of Object.entries(locales))
      platform.i18n.addResourceBundle(language, 'mf-specials', resources, true, true);
    const page = (
      <RemoteProviders platform={platform} remote="mf-specials">
        <SpecialsApp />
      </RemoteProviders>
    );
    const hydrated = await hydrateOverServer(page, page);
    expect(hydrated.recoverableErrors).toEqual([]);
    expect(hydrated.consoleErrors).toEqual([]);
    expect(await screen.findByTestId('easter-count')).toHaveTextContent('Du hast 0 von 8 Eiern gefunden.');
    hydrated.unmount();
  });
});

describe('the user-activity page', () => {
  const activity: UserActivityEvent = {
    eventType: 'userActivity',
    id: 2,
    name: 'Activity weeks',
    start: '2026-11-23T10:00:00.000Z',
    end: '2026-12-07T10:00:00.000Z',
    rewardClaimEnd: '2026-12-14T10:00:00.000Z',
    hasStarted: true,
    hasEnded: false,
    points: 80,
    activities: [
      {
        id: 1,
        key: 'contestVote',
        name: 'Vote in a contest',
        points: 10,
        vipBonus: 5,
        limitPerDay: 3,
        doneToday: 2,
        faqTitle: 'How it works',
        faqLink: 'contests',
      },
    ],
    challenges: [
      {
        id: 1,
        name: 'Egg hunter',
        description: 'Find 3 Easter eggs.',
        points: 50,
        activityKey: 'easterEgg',
        target: 3,
        fullfilled: true,
        date: '2026-11-25',
        link: 'easterEvent',
      },
    ],
    rewards: [
      {
        id: 2,
        type: 'bonus',
        value: 20,
        info: '20 bonus coins',
        requiredPoints: 100,
        redeemed: false,
        claimable: false,
      },
    ],
    history: [],
  };

  it('shows the points, what earns them within their daily limits, the challenges and the rewards', async () => {
    const platform = createMockPlatform({
      loggedIn: true,
      route: { name: 'userActivity' },
      rest: { '/special/getData/:eventType': () => activity },
    });
    renderWithPlatform(<SpecialsApp />, { platform, remote: 'mf-specials', locales });
    expect(await screen.findByTestId('activity-points')).toHaveTextContent('You have 80 points.');
    const row = screen.getByRole('row', { name: /Vote in a contest/ });
    expect(row).toHaveTextContent('+5');
    expect(row).toHaveTextContent('2 of 3');
    expect(within(row).getByRole('link', { name: 'Vote in a contest' })).toHaveAttribute('href', '/en/contests/');
    expect(screen.getByText('Egg hunter').closest('li')).toHaveTextContent('50 points · done');
    expect(screen.getByText('20 bonus coins').closest('li')).toHaveTextContent('from 100 points');
    expect(screen.queryByRole('button', { name: 'Claim' })).not.toBeInTheDocument();
  });
});
