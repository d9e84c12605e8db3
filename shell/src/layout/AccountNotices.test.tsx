import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { DATA_PROTECTION_VERSION } from '@velvet/contracts';
import { renderInShell } from '../testShell';
import { DataProtectionNotice, LockedNotice } from './AccountNotices';

describe('data protection notice', () => {
  it('shows when the server says so, in her language, and accepting stores it and hides it', async () => {
    const accepted: unknown[] = [];
    const { platform } = renderInShell(<DataProtectionNotice />, {
      language: 'nl',
      platform: {
        loggedIn: true,
        rest: {
          '/closeAgbAndDataProtection': (input) => {
            accepted.push(input.body);
            return {
              show: false,
              version: DATA_PROTECTION_VERSION,
              acceptedVersion: DATA_PROTECTION_VERSION,
              acceptedAt: '2026-11-25T02:00:00.000Z',
            };
          },
        },
      },
    });
    expect(screen.queryByTestId('data-protection')).toBeNull();
    act(() => platform.emit({ type: 'dataProtection', show: true, version: DATA_PROTECTION_VERSION }));
    expect(screen.getByRole('dialog', { name: 'Onze voorwaarden en privacy' })).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Akkoord' }));
    await waitFor(() => expect(screen.queryByTestId('data-protection')).toBeNull());
    expect(accepted).toEqual([{ accepted: true }]);
  });

  it('stays when saving fails and says so', async () => {
    const { platform, shell } = renderInShell(<DataProtectionNotice />, {
      platform: { loggedIn: true, rest: { '/closeAgbAndDataProtection': () => Promise.reject(new Error('offline')) } },
    });
    act(() => platform.emit({ type: 'dataProtection', show: true, version: DATA_PROTECTION_VERSION }));
    fireEvent.click(screen.getByRole('button', { name: 'Accept' }));
    await waitFor(() =>
      expect(shell.ui.toasts$.value.map((toast) => toast.message)).toEqual([
        'Your acceptance could not be saved. Please try again.',
      ]),
    );
    expect(screen.getByTestId('data-protection')).toBeInTheDocument();
  });
});

describe('locked notice', () => {
  it('tells the guest why her account was locked', () => {
    const { platform } = renderInShell(<LockedNotice />, { language: 'de' });
    expect(screen.queryByRole('dialog')).toBeNull();
    act(() => platform.emit({ type: 'guestLocked', reason: 'Rückbuchung' }));
    expect(screen.getByRole('dialog', { name: 'Dein Konto ist gesperrt' })).toHaveTextContent(
      'Unser Team hat dein Konto gesperrt: Rückbuchung.',
    );
  });
});
