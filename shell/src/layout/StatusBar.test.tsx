import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { renderInShell } from '../testShell';
import { StatusBar } from './StatusBar';

describe('status bar', () => {
  it("shows the guest's message in her language with its action, and closing it tells the server", () => {
    const { shell, platform } = renderInShell(<StatusBar />, { language: 'de' });
    act(() =>
      shell.ui.statusBar$.next({
        type: 'automaticRecharge',
        data: { amount: '20,00 €' },
        action: { flow: 'moneyCharge' },
      }),
    );
    expect(screen.getByRole('status')).toHaveTextContent(
      'Automatisches Aufladen ist an: 20,00 € werden aufgeladen, wenn dein Guthaben knapp wird.',
    );
    fireEvent.click(screen.getByRole('button', { name: 'Einstellungen' }));
    expect(shell.ui.modal$.value).toBe('moneyCharge');

    act(() =>
      shell.ui.statusBar$.next({
        type: 'mailNotVerified',
        data: { email: 'anna@example.com' },
        action: { href: '/de/' },
      }),
    );
    expect(screen.getByRole('status')).toHaveTextContent('Bitte bestätige deine E-Mail-Adresse anna@example.com.');
    expect(screen.getByRole('link', { name: 'Jetzt bestätigen' })).toHaveAttribute('href', '/de/');
    fireEvent.click(screen.getByRole('button', { name: 'Schließen' }));
    expect(platform.sent).toContainEqual({ type: 'removeStatusBar', statusBarType: 'mailNotVerified' });
    expect(screen.getByRole('status')).toBeEmptyDOMElement();
  });

  it('shows the lost connection without a close button: it goes when the connection is back', () => {
    const { shell } = renderInShell(<StatusBar />);
    act(() => shell.ui.statusBar$.next({ type: 'connectionLost', data: {}, action: null }));
    expect(screen.getByRole('status')).toHaveTextContent('Connection lost. Reconnecting…');
    expect(screen.queryByRole('button')).toBeNull();
  });

  it('a claim action posts the claim and says what it brought, or that it failed', async () => {
    let fail = false;
    const { shell, platform } = renderInShell(<StatusBar />, {
      platform: {
        loggedIn: true,
        rest: {
          '/subscriptions/monthlyBonus': () => {
            if (fail) throw new Error('offline');
            return { coins: 50, month: '2026-04', credited: true };
          },
        },
      },
    });
    act(() =>
      shell.ui.statusBar$.next({
        type: 'monthlyBonusNotification',
        data: { coins: 50, month: '2026-04' },
        action: { claim: 'vipMonthlyBonus' },
      }),
    );
    expect(screen.getByRole('status')).toHaveTextContent(
      'Your VIP bonus of 50 coins for this month is waiting for you.',
    );
    fireEvent.click(screen.getByRole('button', { name: 'Collect' }));
    await waitFor(() =>
      expect(shell.ui.toasts$.value).toEqual([
        expect.objectContaining({ message: '50 coins were added to your balance.', kind: 'success' }),
      ]),
    );
    expect(platform.restCalls).toEqual([
      expect.objectContaining({ method: 'POST', path: '/subscriptions/monthlyBonus' }),
    ]);

    fail = true;
    fireEvent.click(screen.getByRole('button', { name: 'Collect' }));
    await waitFor(() =>
      expect(shell.ui.toasts$.value.at(-1)).toEqual(
        expect.objectContaining({ message: 'That did not work. Please try again.', kind: 'error' }),
      ),
    );
  });

  it("an error's context picks its text: an automatic recharge declined or refused by the deposit limit, with the way to the payment settings", () => {
    const { shell } = renderInShell(<StatusBar />, { language: 'es' });
    act(() =>
      shell.ui.statusBar$.next({
        type: 'error',
        data: { context: 'autoRechargeDeclined', amount: '10,00 €' },
        action: { href: '/es/mivisitx/pagos/' },
      }),
    );
    expect(screen.getByRole('status')).toHaveTextContent(
      'Tu tarjeta rechazó la recarga automática de 10,00 €. Revisa tus datos de pago.',
    );
    expect(screen.getByRole('link', { name: 'Ajustes de pago' })).toHaveAttribute('href', '/es/mivisitx/pagos/');
    act(() =>
      shell.ui.statusBar$.next({
        type: 'error',
        data: { context: 'autoRechargeLimited', amount: '10,00 €' },
        action: { href: '/es/mivisitx/pagos/' },
      }),
    );
    expect(screen.getByRole('status')).toHaveTextContent(
      'La recarga automática de 10,00 € no se realizó: superaría tu límite de depósito.',
    );
    act(() => shell.ui.statusBar$.next({ type: 'notFoundRedirect', data: { path: '/es/concursos/' }, action: null }));
    expect(screen.getByRole('status')).toHaveTextContent(
      'La página /es/concursos/ ya no existe aquí, así que te llevamos a la página de inicio.',
    );
  });
});
