import type { ReactElement } from 'react';
import { act, screen } from '@testing-library/react';
import {
  RemoteProviders,
  useGuest,
  useGuestKey,
  useLoggedIn,
  useNow,
  usePlatform,
  useTimeZone,
} from '@velvet/federation';
import { formatDate } from '@velvet/i18n';
import { createMockPlatform, hydrateOverServer, type MockPlatform } from './index';

/** A remote's part with a personal corner: the guest's name and balance, or a login button for visitors. */
function GuestCorner() {
  const guest = useGuest();
  const loggedIn = useLoggedIn();
  return (
    <p data-testid="corner" data-logged-in={loggedIn}>
      {loggedIn ? `${guest.name}: ${guest.balance.formatted}` : <button type="button">Log in</button>}
    </p>
  );
}

/** The same corner reading the platform's session during render, as a remote must not. */
function CornerReadingTheSession() {
  const { guest } = usePlatform().session.current();
  return <p data-testid="corner">{guest.flags.loggedIn ? guest.name : 'visitor'}</p>;
}

/** A time in the zone the page shows, and whether the browser's clock has started. */
function ShowTime() {
  const timeZone = useTimeZone();
  const now = useNow(1000);
  return (
    <p data-testid="time" data-clock={now === null ? 'off' : 'on'}>
      {formatDate('2026-11-22T22:30:00Z', 'en', { timeStyle: 'short', timeZone })}
    </p>
  );
}

/** Whose data the part loads. */
function DataOwner() {
  return <p data-testid="owner">{`[${useGuestKey()}]`}</p>;
}

const inRemote = (platform: MockPlatform, element: ReactElement) => (
  <RemoteProviders platform={platform} remote="mf-account">
    {element}
  </RemoteProviders>
);

describe('hydrating a server-rendered remote part', () => {
  it('renders the visitor session on the server and in hydration, then the logged-in guest without an error', async () => {
    // The server's platform has some anonymous session; what it renders is the shared visitor session anyway.
    const server = createMockPlatform({ language: 'de' });
    const client = createMockPlatform({ language: 'de', loggedIn: true, guest: { name: 'Anna' } });
    client.setGuest({ balance: { amount: 12, formatted: '12\u00a0VXC' } });

    const hydrated = await hydrateOverServer(inRemote(server, <GuestCorner />), inRemote(client, <GuestCorner />));
    expect(hydrated.recoverableErrors).toEqual([]);
    expect(hydrated.consoleErrors).toEqual([]);
    expect(screen.getByTestId('corner').textContent).toBe('Anna: 12\u00a0VXC');
    expect(screen.getByTestId('corner')).toHaveAttribute('data-logged-in', 'true');

    // and it follows the session on: logging out shows the visitor's corner again
    act(() => client.setGuest({ flags: { loggedIn: false } }));
    expect(screen.getByRole('button', { name: 'Log in' })).toBeInTheDocument();
    hydrated.unmount();
  });

  it('reports a part that reads the session during render instead of through the hooks', async () => {
    const server = createMockPlatform();
    const client = createMockPlatform({ loggedIn: true });
    const hydrated = await hydrateOverServer(
      inRemote(server, <CornerReadingTheSession />),
      inRemote(client, <CornerReadingTheSession />),
    );
    expect(String(hydrated.recoverableErrors[0])).toMatch(/Hydration failed|didn't match/);
    hydrated.unmount();
  });

  it('shows times in the site’s zone with no clock on the server and in hydration, the browser’s right after', async () => {
    const server = createMockPlatform();
    const client = createMockPlatform();
    const hydrated = await hydrateOverServer(inRemote(server, <ShowTime />), inRemote(client, <ShowTime />));
    expect(hydrated.html).toContain('23:30');
    expect(hydrated.html).toContain('data-clock="off"');
    expect(hydrated.recoverableErrors).toEqual([]);
    expect(hydrated.consoleErrors).toEqual([]);
    const browserZone = Intl.DateTimeFormat().resolvedOptions().timeZone;
    expect(screen.getByTestId('time').textContent).toBe(
      formatDate('2026-11-22T22:30:00Z', 'en', { timeStyle: 'short', timeZone: browserZone }),
    );
    expect(screen.getByTestId('time')).toHaveAttribute('data-clock', 'on');
    hydrated.unmount();
  });

  it('keys the data of every visitor not logged in as the server does, and a logged-in guest’s by the guest', async () => {
    const anonymous = await hydrateOverServer(
      inRemote(createMockPlatform(), <DataOwner />),
      inRemote(createMockPlatform({ guest: { id: 'anonymous-7' } }), <DataOwner />),
    );
    expect(anonymous.html).toContain('[]');
    expect(screen.getByTestId('owner').textContent).toBe('[]');
    anonymous.unmount();

    const client = createMockPlatform({ loggedIn: true, guest: { id: 'guest-7' } });
    const loggedIn = await hydrateOverServer(
      inRemote(createMockPlatform(), <DataOwner />),
      inRemote(client, <DataOwner />),
    );
    expect(loggedIn.recoverableErrors).toEqual([]);
    expect(screen.getByTestId('owner').textContent).toBe('[guest-7]');
    act(() => client.setGuest({ id: 'anonymous-8', flags: { loggedIn: false } }));
    expect(screen.getByTestId('owner').textContent).toBe('[]');
    loggedIn.unmount();
  });
});
