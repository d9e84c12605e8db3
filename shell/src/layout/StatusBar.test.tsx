import { act, fireEvent, screen } from '@testing-library/react';
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
});
