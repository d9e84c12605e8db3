import { fireEvent, screen, waitFor } from '@testing-library/react';
import type { NotificationSettings, RouteName } from '@velvet/contracts';
import { ApiError } from '@velvet/sdk';
import { RemoteProviders } from '@velvet/federation';
import { createMockPlatform, hydrateOverServer, renderWithPlatform, type MockPlatformOptions } from '@velvet/testing';
import { AccountApp } from './AccountApp';
import { locales } from './locales';

const TOKEN = 'tok_0123456789abcdefghijklmnop';

const settings = (overrides: Partial<NotificationSettings> = {}): NotificationSettings => ({
  email: 'tester@example.com',
  emailVerified: false,
  newsletters: [
    { typeId: 256, state: 'on' },
    { typeId: 512, state: 'off' },
    { typeId: 1024, state: 'off' },
    { typeId: 2048, state: 'off' },
  ],
  ...overrides,
});

function render(route: RouteName, options: MockPlatformOptions = {}, args: Record<string, string> = {}) {
  const platform = createMockPlatform({ loggedIn: true, route: { name: route, args }, ...options });
  return renderWithPlatform(<AccountApp />, { platform, remote: 'mf-account', locales });
}

describe('notification settings', () => {
  it('switches newsletters and says which wait for their confirmation', async () => {
    const { platform } = render('myAccountNotifications', {
      rest: {
        '/getNotificationsSettings': (input) =>
          input?.body
            ? settings({
                newsletters: [
                  { typeId: 256, state: 'off' },
                  { typeId: 512, state: 'pending' },
                  { typeId: 1024, state: 'off' },
                  { typeId: 2048, state: 'off' },
                ],
              })
            : settings(),
      },
    });
    expect(await screen.findByTestId('email-state')).toHaveTextContent('not confirmed yet');
    expect(screen.getByLabelText('Contests')).toBeChecked();
    fireEvent.click(screen.getByLabelText('Contests'));
    fireEvent.click(screen.getByLabelText('Late night'));
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByRole('status')).toHaveTextContent('Please confirm each new newsletter');
    expect(screen.getByText(/waiting for your confirmation/)).toBeInTheDocument();
    const saved = platform.restCalls.find(
      (call) => call.method === 'POST' && call.path === '/getNotificationsSettings',
    );
    expect(saved?.input?.body).toEqual({
      newsletters: [
        { typeId: 256, subscribed: false },
        { typeId: 512, subscribed: true },
        { typeId: 1024, subscribed: false },
        { typeId: 2048, subscribed: false },
      ],
    });
  });

  it('sends the confirmation mail again and shows a verification from another tab', async () => {
    let verified = false;
    const { platform } = render('myAccountNotifications', {
      rest: {
        '/getNotificationsSettings': () => settings({ emailVerified: verified }),
        '/guest/email/sendVerification': () => {
          throw new ApiError(429, 'RATE_LIMITED', 'wait');
        },
      },
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Send the confirmation mail again' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Please wait a minute');
    verified = true;
    platform.emit({ type: 'onGuestEmailVerified', email: 'tester@example.com' });
    await waitFor(() => expect(screen.getByTestId('email-state')).toHaveTextContent(/^confirmed$/));
    expect(screen.queryByRole('button', { name: 'Send the confirmation mail again' })).toBeNull();
  });
});

describe('password change', () => {
  it('names a wrong current password and, once changed, ends the other sessions over the socket too', async () => {
    let calls = 0;
    const { platform } = render('myAccountPassword', {
      rest: {
        '/auth/password/change': () => {
          if (calls++ === 0) throw new ApiError(401, 'INVALID_CREDENTIALS', 'wrong');
          return { sessionsEnded: 2 };
        },
      },
    });
    fireEvent.change(screen.getByLabelText('Current password'), { target: { value: 'old passphrase' } });
    fireEvent.change(screen.getByLabelText('New password'), { target: { value: 'short' } });
    fireEvent.click(screen.getByRole('button', { name: 'Change password' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('needs at least 12 characters');
    fireEvent.change(screen.getByLabelText('New password'), { target: { value: 'a long new passphrase' } });
    fireEvent.click(screen.getByRole('button', { name: 'Change password' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('The current password is not right.');
    fireEvent.click(screen.getByRole('button', { name: 'Change password' }));
    expect(await screen.findByRole('status')).toHaveTextContent('2 other devices were logged out.');
    expect(platform.sent).toEqual([{ type: 'passwordChanged' }]);
  });
});

describe('links in mails', () => {
  it('verifies the address once the page runs in the browser', async () => {
    const { platform } = render(
      'emailVerify',
      { loggedIn: false, rest: { '/guest/email/verify': () => ({ email: 'tester@example.com' }) } },
      { token: TOKEN },
    );
    expect(await screen.findByText('Thank you! tester@example.com is confirmed.')).toBeInTheDocument();
    expect(platform.restCalls.map((call) => call.input?.body)).toEqual([{ token: TOKEN }]);
  });

  it('says when a link was used already', async () => {
    render(
      'newsletterConfirm',
      {
        language: 'es',
        rest: {
          '/newsletter/confirm': () => {
            throw new ApiError(410, 'LINK_USED', 'used');
          },
        },
      },
      { token: TOKEN },
    );
    expect(await screen.findByRole('alert')).toHaveTextContent('Este enlace ya se ha usado.');
  });

  it('sets a new password through the reset link and offers the login', async () => {
    const { platform } = render(
      'passwordReset',
      { loggedIn: false, rest: { '/auth/password/reset': () => ({ email: 'tester@example.com' }) } },
      { token: TOKEN },
    );
    fireEvent.change(screen.getByLabelText('New password'), { target: { value: 'a long new passphrase' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save new password' }));
    expect(await screen.findByRole('status')).toHaveTextContent('Log in with tester@example.com');
    fireEvent.click(screen.getByRole('button', { name: 'Log in' }));
    expect(platform.openedFlows).toEqual(['login']);
    expect(platform.restCalls[0]?.input?.body).toEqual({ token: TOKEN, password: 'a long new passphrase' });
  });

  it('tells an expired reset link apart and offers a new one', async () => {
    render(
      'passwordReset',
      {
        loggedIn: false,
        rest: {
          '/auth/password/reset': () => {
            throw new ApiError(410, 'LINK_EXPIRED', 'expired');
          },
        },
      },
      { token: TOKEN },
    );
    fireEvent.change(screen.getByLabelText('New password'), { target: { value: 'a long new passphrase' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save new password' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('This link has expired.');
    expect(screen.getByRole('button', { name: 'Ask for a new link' })).toBeInTheDocument();
  });

  it('unsubscribes from all newsletters with reasons', async () => {
    const { platform } = render(
      'newsletterUnsubscribe',
      {
        loggedIn: false,
        language: 'de',
        rest: {
          '/newsletter/unsubscribe/:token': () => ({ email: 'tester@example.com', typeId: 1024 }),
          '/newsletter/unsubscribe': () => ({ email: 'tester@example.com', unsubscribed: [256, 1024] }),
        },
      },
      { token: TOKEN },
    );
    expect(await screen.findByLabelText('nur „VIP-Club“')).toBeChecked();
    fireEvent.click(screen.getByLabelText('alle Newsletter'));
    fireEvent.click(screen.getByLabelText('Zu viele Mails'));
    fireEvent.click(screen.getByRole('button', { name: 'Abbestellen' }));
    expect(await screen.findByRole('status')).toHaveTextContent('Du bekommst keinen Newsletter mehr.');
    expect(platform.restCalls[1]?.input?.body).toEqual({ option: 'all', reasons: ['tooMany'], token: TOKEN });
  });
});

describe('links in mails, rendered on the server', () => {
  it('uses no link while the server renders, and hydrates without a mismatch before using it', async () => {
    const platform = createMockPlatform({
      loggedIn: false,
      language: 'de',
      route: { name: 'emailVerify', args: { token: TOKEN } },
      rest: { '/guest/email/verify': () => ({ email: 'tester@example.com' }) },
    });
    for (const [language, resources] of Object.entries(locales))
      platform.i18n.addResourceBundle(language, 'mf-account', resources, true, true);
    const page = (
      <RemoteProviders platform={platform} remote="mf-account">
        <AccountApp />
      </RemoteProviders>
    );
    const hydrated = await hydrateOverServer(page, page);
    expect(hydrated.html).toContain('Einen Moment bitte');
    expect(hydrated.recoverableErrors).toEqual([]);
    expect(hydrated.consoleErrors).toEqual([]);
    expect(await screen.findByText('Danke! tester@example.com ist bestätigt.')).toBeInTheDocument();
    expect(platform.restCalls).toHaveLength(1);
    hydrated.unmount();
  });
});
