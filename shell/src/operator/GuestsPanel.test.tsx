import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { lifecycleEndpoints, type OperatorGuest } from '@velvet/contracts';
import { restFixture } from '@velvet/testing';
import { renderInShell } from '../testShell';
import { GuestsPanel } from './GuestsPanel';
import { useOperatorStrings } from './strings';
import { useShell } from '../layout/ShellContext';

function WithStrings() {
  useOperatorStrings(useShell().i18n);
  return <GuestsPanel />;
}

const anna: OperatorGuest = {
  id: '6b1d3c1e-0000-4000-8000-000000000001',
  name: 'Anna',
  email: 'anna@example.com',
  locked: false,
  lockReason: null,
  lockedAt: null,
};

/** The server's guests, changed by lock and unlock as the server does. */
function server() {
  let current = anna;
  const locks: unknown[] = [];
  const rest = {
    ...restFixture(lifecycleEndpoints.operatorGuests, ({ query }) => ({
      guests: 'anna@example.com'.includes(query?.search ?? '') ? [current] : [],
    })),
    ...restFixture(lifecycleEndpoints.lockGuest, ({ params, body }) => {
      locks.push({ params, body });
      current = { ...current, locked: true, lockReason: body.reason, lockedAt: '2026-11-25T02:00:00.000Z' };
      return { guestId: current.id, locked: true, sessionsEnded: 2 };
    }),
    ...restFixture(lifecycleEndpoints.unlockGuest, () => {
      current = { ...current, locked: false, lockReason: null, lockedAt: null };
      return { guestId: current.id, locked: false };
    }),
    ...restFixture(lifecycleEndpoints.pincallOutbox, () => ({
      entries: [
        {
          verificationId: 1,
          phoneNumber: '+4915123456789',
          type: 'mobile' as const,
          language: 'DE' as const,
          pin: '123456',
          sentAt: '2026-11-25T02:00:00.000Z',
        },
      ],
    })),
  };
  return { rest, locks };
}

describe('operator console: guests', () => {
  it('finds a guest, locks her with a reason and shows the lock, then unlocks her', async () => {
    const { rest, locks } = server();
    renderInShell(<WithStrings />, { platform: { loggedIn: true, guest: { flags: { operator: true } }, rest } });
    fireEvent.change(screen.getByLabelText('Name or email'), { target: { value: 'anna' } });
    fireEvent.click(screen.getByRole('button', { name: 'Find' }));
    const row = await screen.findByTestId(`operator-guest-${anna.id}`);
    expect(row).toHaveTextContent('Active');
    const lock = within(row).getByRole('button', { name: 'Lock' });
    expect(lock).toBeDisabled();
    fireEvent.change(within(row).getByLabelText('Reason to lock Anna'), { target: { value: 'chargeback fraud' } });
    fireEvent.click(lock);
    await waitFor(() =>
      expect(screen.getByTestId(`operator-guest-${anna.id}`)).toHaveTextContent(/Locked: chargeback fraud/),
    );
    expect(locks).toEqual([{ params: { guestId: anna.id }, body: { reason: 'chargeback fraud' } }]);
    fireEvent.click(within(screen.getByTestId(`operator-guest-${anna.id}`)).getByRole('button', { name: 'Unlock' }));
    await waitFor(() => expect(screen.getByTestId(`operator-guest-${anna.id}`)).toHaveTextContent('Active'));
  });

  it('shows the pins the sandbox sent once opened', async () => {
    const { rest } = server();
    const { platform } = renderInShell(<WithStrings />, {
      platform: { loggedIn: true, guest: { flags: { operator: true } }, rest },
    });
    expect(platform.restCalls.some((call) => call.path === '/pincall/sandbox/outbox')).toBe(false);
    const details = screen.getByText('Phone pins sent by the sandbox').closest('details')!;
    act(() => {
      details.open = true;
      details.dispatchEvent(new Event('toggle'));
    });
    expect(await screen.findByText('+4915123456789 (mobile): 123456')).toBeInTheDocument();
  });
});
