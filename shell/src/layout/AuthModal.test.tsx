import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { authEndpoints, type Endpoint } from '@velvet/contracts';
import { ApiError, type RestCall } from '@velvet/sdk';
import { renderInShell } from '../testShell';
import { AuthModal } from './AuthModal';
import { guestFixture } from '@velvet/testing';

const guest = guestFixture(true, 'en', { id: 'g-1', name: 'Anna', email: 'anna@example.com' });

function setup(answer: (endpoint: Endpoint, body: unknown) => unknown) {
  const calls: { path: string; body: unknown }[] = [];
  const rest = (async (endpoint: Endpoint, input?: { body?: unknown }) => {
    calls.push({ path: endpoint.path, body: input?.body });
    return answer(endpoint, input?.body);
  }) as RestCall;
  const view = renderInShell(<AuthModal />, { rest });
  return { ...view, calls };
}

// Each test waits for the form after opening it: its code is fetched when a form first opens.
const type = (label: RegExp, value: string) => fireEvent.change(screen.getByLabelText(label), { target: { value } });

describe('login modal', () => {
  it('checks the email rule before sending anything', async () => {
    const { shell, calls } = setup(() => ({}));
    act(() => shell.ui.ui.open('login'));
    await screen.findByTestId('login-form');
    type(/email/i, 'anna@example');
    type(/password/i, 'secret123');
    fireEvent.click(screen.getByRole('button', { name: 'Log in' }));
    expect(await screen.findByText(/valid email address/i)).toBeInTheDocument();
    expect(screen.getByLabelText(/email/i)).toHaveAttribute('aria-invalid', 'true');
    expect(calls).toHaveLength(0);
  });

  it('asks for the password', async () => {
    const { shell, calls } = setup(() => ({}));
    act(() => shell.ui.ui.open('login'));
    await screen.findByTestId('login-form');
    type(/email/i, 'anna@example.com');
    fireEvent.click(screen.getByRole('button', { name: 'Log in' }));
    expect(await screen.findByText('Please enter your password.')).toBeInTheDocument();
    expect(calls).toHaveLength(0);
  });

  it('shows the server code as a clear message', async () => {
    const { shell } = setup(() => {
      throw new ApiError(401, 'INVALID_CREDENTIALS', 'Wrong email or password');
    });
    act(() => shell.ui.ui.open('login'));
    await screen.findByTestId('login-form');
    type(/email/i, 'anna@example.com');
    type(/password/i, 'wrong-password');
    fireEvent.click(screen.getByRole('button', { name: 'Log in' }));
    expect(await screen.findByText('Email or password is wrong.')).toBeInTheDocument();
  });

  it('logs in, closes and greets the guest', async () => {
    const { shell, calls } = setup(() => ({ accessToken: 'guest-token', guest }));
    act(() => shell.ui.ui.open('login'));
    await screen.findByTestId('login-form');
    type(/email/i, ' anna@example.com ');
    type(/password/i, 'correct horse');
    fireEvent.click(screen.getByRole('button', { name: 'Log in' }));
    await waitFor(() => expect(shell.ui.modal$.value).toBeNull());
    expect(calls).toEqual([
      { path: authEndpoints.login.path, body: { email: 'anna@example.com', password: 'correct horse' } },
    ]);
    expect(shell.session.current().guest.name).toBe('Anna');
    expect(shell.ui.toasts$.value.map((t) => t.message)).toEqual(['Welcome back, Anna!']);
  });
});

describe('login with a second factor', () => {
  it('asks for the code when the server needs it, and sends it with the login', async () => {
    const { shell, calls } = setup((_endpoint, body) => {
      const { totp } = body as { totp?: string };
      if (totp === undefined) throw new ApiError(401, 'TOTP_REQUIRED', 'code needed');
      if (totp !== '123456') throw new ApiError(401, 'TOTP_INVALID', 'wrong code');
      return { accessToken: 'operator-token', guest };
    });
    act(() => shell.ui.ui.open('login'));
    await screen.findByTestId('login-form');
    type(/email/i, 'anna@example.com');
    type(/password/i, 'correct horse');
    expect(screen.queryByLabelText(/authenticator/i)).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Log in' }));
    expect(await screen.findByText('Please enter the 6-digit code of your authenticator app.')).toHaveAttribute(
      'id',
      'vv-auth-totp-error',
    );
    type(/authenticator/i, '654321');
    fireEvent.click(screen.getByRole('button', { name: 'Log in' }));
    expect(await screen.findByText('This code is not right. Please enter the current code.')).toBeInTheDocument();
    type(/authenticator/i, ' 123456 ');
    fireEvent.click(screen.getByRole('button', { name: 'Log in' }));
    await waitFor(() => expect(shell.ui.modal$.value).toBeNull());
    expect(calls.map((call) => (call.body as { totp?: string }).totp)).toEqual([undefined, '654321', '123456']);
  });
});

describe('signup modal', () => {
  it('shows a breached password on the password field, with the hint of the rule before', async () => {
    const { shell } = setup(() => {
      throw new ApiError(400, 'PASSWORD_BREACHED', 'breached');
    });
    act(() => shell.ui.ui.open('signup'));
    await screen.findByTestId('signup-form');
    expect(screen.getByText(/At least 12 characters\./)).toBeInTheDocument();
    expect(screen.getByLabelText(/password/i)).toHaveAttribute('maxLength', '128');
    type(/user name/i, 'Newbie');
    type(/email/i, 'new@example.com');
    type(/password/i, 'qwerty123456');
    fireEvent.click(screen.getByRole('button', { name: 'Sign up' }));
    expect(await screen.findByText(/known from data breaches/)).toHaveAttribute('id', 'vv-auth-password-error');
  });

  it('needs a name, a valid email and a long enough password, and puts EMAIL_TAKEN on the email field', async () => {
    const { shell, calls } = setup(() => {
      throw new ApiError(409, 'EMAIL_TAKEN', 'taken');
    });
    act(() => shell.ui.ui.open('signup'));
    await screen.findByTestId('signup-form');
    type(/user name/i, 'A');
    type(/email/i, 'new@example.com');
    type(/password/i, 'short');
    fireEvent.click(screen.getByRole('button', { name: 'Sign up' }));
    expect(await screen.findByText('The password needs at least 12 characters (not only spaces).')).toBeInTheDocument();
    expect(screen.getByText('The user name needs at least 2 characters.')).toBeInTheDocument();
    expect(calls).toHaveLength(0);

    // 11 characters, and 12 spaces: both refused before sending.
    type(/user name/i, 'Newbie');
    for (const password of ['long enough', ' '.repeat(12)]) {
      type(/password/i, password);
      fireEvent.click(screen.getByRole('button', { name: 'Sign up' }));
      expect(await screen.findByText(/at least 12 characters/)).toHaveAttribute('id', 'vv-auth-password-error');
    }
    expect(calls).toHaveLength(0);

    type(/password/i, 'long enough phrase');
    fireEvent.click(screen.getByRole('button', { name: 'Sign up' }));
    expect(await screen.findByText(/already exists/)).toHaveAttribute('id', 'vv-auth-email-error');
    expect(calls).toHaveLength(1);
  });
});

describe('forgot password', () => {
  const forgot = async () => {
    const view = renderInShell(<AuthModal />, {
      platform: { rest: { '/auth/password/forgot': () => ({ sent: true as const }) } },
    });
    act(() => view.shell.ui.ui.open('login'));
    await screen.findByTestId('login-form');
    return view;
  };

  it('sends the typed address for a reset link and says where the link went', async () => {
    const { platform } = await forgot();
    type(/email/i, 'anna@example.com');
    fireEvent.click(screen.getByRole('button', { name: 'Forgot your password?' }));
    expect(screen.getByLabelText('Email')).toHaveValue('anna@example.com');
    fireEvent.click(screen.getByRole('button', { name: 'Send me the link' }));
    expect(await screen.findByRole('status')).toHaveTextContent(
      'If anna@example.com has an account with us, a link to choose a new password is on its way. It works once and for 30 minutes.',
    );
    expect(platform.restCalls.map((call) => [call.path, call.input?.body])).toEqual([
      ['/auth/password/forgot', { email: 'anna@example.com' }],
    ]);
    fireEvent.click(screen.getByRole('button', { name: 'Back to login' }));
    expect(screen.getByTestId('login-form')).toBeInTheDocument();
  });

  it('checks the address before sending', async () => {
    const { platform } = await forgot();
    fireEvent.click(screen.getByRole('button', { name: 'Forgot your password?' }));
    type(/email/i, 'anna@');
    fireEvent.click(screen.getByRole('button', { name: 'Send me the link' }));
    expect(await screen.findByText(/valid email address/i)).toBeInTheDocument();
    expect(platform.restCalls).toHaveLength(0);
  });
});
