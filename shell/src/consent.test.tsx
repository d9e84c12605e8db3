import { act, fireEvent, screen } from '@testing-library/react';
import { createConsentStore, parseConsent } from './consent';
import { createInstallPrompt } from './installPrompt';
import { renderInShell } from './testShell';
import { CookieConsent, InstallPrompt } from './layout/CookieConsent';

afterEach(() => {
  for (const name of ['cookiebanner-accepted', 'hbip']) document.cookie = `${name}=; path=/; max-age=0`;
});

describe('consent store', () => {
  it('reads the choice from its cookie; no cookie, or a damaged one, is no choice and grants nothing optional', () => {
    expect(parseConsent(null)).toEqual({ decided: false, functional: false, analytics: false });
    expect(parseConsent('whatever')).toEqual({ decided: false, functional: false, analytics: false });
    expect(parseConsent('necessary.functional')).toEqual({ decided: true, functional: true, analytics: false });
    const store = createConsentStore({ cookie: 'a=1; cookiebanner-accepted=necessary.analytics; b=2' });
    expect([store.allows('necessary'), store.allows('functional'), store.allows('analytics')]).toEqual([
      true,
      false,
      true,
    ]);
  });

  it('keeps a decision in the cookie for a year and tells every listener', () => {
    const page = { cookie: '' };
    const store = createConsentStore(page);
    const seen: boolean[] = [];
    store.consent.consent$.subscribe((state) => seen.push(state.functional));
    store.decide({ functional: true, analytics: false });
    expect(page.cookie).toBe('cookiebanner-accepted=necessary.functional; path=/; max-age=31536000; samesite=lax');
    expect(seen).toEqual([false, true]);
    expect(store.consent.allows('functional')).toBe(true);
  });
});

describe('cookie banner', () => {
  it('asks a visitor who has not chosen, keeps her choice, and opens again with it from the settings', () => {
    const { shell } = renderInShell(<CookieConsent />);
    const banner = screen.getByTestId('cookie-consent');
    fireEvent.click(screen.getByRole('checkbox', { name: 'Analytics' }));
    fireEvent.click(screen.getByRole('button', { name: 'Save selection' }));
    expect(banner).not.toBeInTheDocument();
    expect(shell.platform.consent.current()).toEqual({ decided: true, functional: false, analytics: true });
    expect(document.cookie).toContain('cookiebanner-accepted=necessary.analytics');

    act(() => shell.consent.edit());
    expect(screen.getByRole('checkbox', { name: 'Analytics' })).toBeChecked();
    expect(screen.getByRole('checkbox', { name: 'Functional' })).not.toBeChecked();
    expect(screen.getByRole('checkbox', { name: 'Necessary (always on)' })).toBeDisabled();
    fireEvent.click(screen.getByRole('button', { name: 'Necessary only' }));
    expect(shell.platform.consent.allows('analytics')).toBe(false);
    expect(screen.queryByTestId('cookie-consent')).toBeNull();
  });

  it('is not asked again of a visitor who chose', () => {
    document.cookie = 'cookiebanner-accepted=necessary; path=/';
    renderInShell(<CookieConsent />);
    expect(screen.queryByTestId('cookie-consent')).toBeNull();
  });
});

describe('install prompt', () => {
  const offer = () => {
    const event = new Event('beforeinstallprompt', { cancelable: true });
    const prompted: boolean[] = [];
    Object.assign(event, {
      prompt: async () => void prompted.push(true),
      userChoice: Promise.resolve({ outcome: 'accepted' }),
    });
    act(() => void window.dispatchEvent(event));
    return { event, prompted };
  };

  it('shows the browser offer once the cookie banner is answered, and installs on a click', async () => {
    const { shell } = renderInShell(<InstallPrompt />);
    const { event, prompted } = offer();
    expect(event.defaultPrevented).toBe(true);
    expect(screen.queryByTestId('install-prompt')).toBeNull();
    act(() => shell.consent.decide({ functional: false, analytics: false }));
    expect(screen.getByTestId('install-prompt')).toHaveTextContent('Install Velvet on your device');
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Install' })));
    expect(prompted).toEqual([true]);
    expect(screen.queryByTestId('install-prompt')).toBeNull();
  });

  it('"not now" keeps it away for 7 days', () => {
    const page = { cookie: '' };
    const listeners: ((event: Event) => void)[] = [];
    const store = createInstallPrompt(
      { addEventListener: (type: string, listener: (event: Event) => void) => void listeners.push(listener) },
      page,
    );
    const event = Object.assign(new Event('beforeinstallprompt', { cancelable: true }), {
      prompt: async () => undefined,
      userChoice: Promise.resolve({ outcome: 'dismissed' as const }),
    });
    listeners[0]!(event);
    expect(store.offer$.value).toBe(event);
    store.dismiss();
    expect(page.cookie).toBe('hbip=1; path=/; max-age=604800; samesite=lax');
    expect(store.offer$.value).toBeNull();
    listeners[0]!(event);
    expect(store.offer$.value).toBeNull();
  });
});
