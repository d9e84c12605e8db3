import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import {
  SANDBOX_AVS_IDENTITIES,
  avsEndpoints,
  avsQuery,
  requestAvsCheckoutMutation,
  type AvsCheckResult,
} from '@velvet/contracts';
import { ApiError } from '@velvet/sdk';
import { createMockPlatform, renderWithPlatform, restCallsTo, restFixture } from '@velvet/testing';
import { AgeCheckWidget } from './AgeCheck';
import { locales } from './locales';

const CHECK_ID = '11111111-2222-4333-8444-555555555555';

function render(
  options: { loggedIn?: boolean; language?: 'de' | 'es' | 'en'; answer?: AvsCheckResult | ApiError } = {},
) {
  const checkouts: unknown[] = [];
  const platform = createMockPlatform({
    loggedIn: options.loggedIn ?? true,
    language: options.language ?? 'en',
    route: { name: 'videoDetails', args: { actorName: 'anna', videoId: '7' } },
    query: (operation, variables) => {
      if (operation.document === avsQuery.document)
        return { avs: { status: 'unknown', rejectMessage: null, bonusAvailable: true, bonusCoins: 10 } };
      if (operation.document === requestAvsCheckoutMutation.document) {
        checkouts.push(variables);
        return { requestAvsCheckout: { checkoutLink: `/rest/v1/avs/sandbox/checkout/${CHECK_ID}` } };
      }
      throw new Error('unexpected operation');
    },
    rest: restFixture(avsEndpoints.sandboxSubmit, () => {
      const answer = options.answer ?? { status: 'accepted', rejectMessage: null };
      if (answer instanceof ApiError) throw answer;
      return answer;
    }),
  });
  const close = jest.fn();
  const view = renderWithPlatform(<AgeCheckWidget platform={platform} close={close} />, {
    platform,
    remote: 'mf-account',
    locales,
  });
  return { ...view, platform, close, checkouts };
}

const submitIdentity = (label: RegExp | string, button: string, identity: string) => {
  fireEvent.change(screen.getByLabelText(label), { target: { value: identity } });
  fireEvent.click(screen.getByRole('button', { name: button }));
};

describe('age check', () => {
  it('asks visitors to log in first', () => {
    const { platform } = render({ loggedIn: false });
    fireEvent.click(screen.getByRole('button', { name: 'Log in' }));
    expect(platform.openedFlows).toEqual(['login']);
  });

  it('opens a checkout that comes back to this page, verifies the identity and closes on continue', async () => {
    const { platform, close, checkouts } = render();
    expect(await screen.findByText(/Verify now and get 10/)).toHaveTextContent(
      'Verify now and get 10 VXC once as a thank-you.',
    );
    submitIdentity('Identity document number', 'Verify my age', ` ${SANDBOX_AVS_IDENTITIES.accepted} `);
    expect(await screen.findByRole('status')).toHaveTextContent('Your age is verified.');
    expect(checkouts).toEqual([
      { forwardUrl: platform.router.href('videoDetails', { actorName: 'anna', videoId: '7' }) },
    ]);
    expect(restCallsTo(platform, avsEndpoints.sandboxSubmit)).toEqual([
      expect.objectContaining({ params: { checkId: CHECK_ID }, body: { identity: SANDBOX_AVS_IDENTITIES.accepted } }),
    ]);
    fireEvent.click(screen.getByRole('button', { name: 'Continue' }));
    expect(close).toHaveBeenCalled();
  });

  it('shows the provider’s rejection in German and lets the guest try again', async () => {
    render({
      language: 'de',
      answer: { status: 'rejected', rejectMessage: 'Laut dem Ausweis bist du jünger als 18 Jahre.' },
    });
    submitIdentity('Nummer des Ausweisdokuments', 'Alter bestätigen', SANDBOX_AVS_IDENTITIES.rejected);
    expect(await screen.findByTestId('age-check-rejected')).toHaveTextContent(
      'Die Prüfung war nicht erfolgreich: Laut dem Ausweis bist du jünger als 18 Jahre.',
    );
    expect(screen.getByRole('button', { name: 'Alter bestätigen' })).toBeEnabled();
  });

  it('waits while pending and shows the provider’s decision when its push arrives', async () => {
    const { platform } = render({ language: 'es', answer: { status: 'pending', rejectMessage: null } });
    submitIdentity('Número del documento de identidad', 'Verificar mi edad', SANDBOX_AVS_IDENTITIES.pending);
    expect(await screen.findByRole('status')).toHaveTextContent('Estamos comprobando tu documento.');
    act(() => platform.emit({ type: 'avsSet' }));
    await waitFor(() => expect(screen.getByRole('status')).toHaveTextContent('Tu edad está verificada.'));
  });

  it('says what went wrong without an identity or when the server refuses', async () => {
    render({ answer: new ApiError(409, 'AVS_CHECK_CLOSED', 'closed') });
    fireEvent.click(screen.getByRole('button', { name: 'Verify my age' }));
    expect(screen.getByTestId('age-check-error')).toHaveTextContent(
      'Please enter the number of your identity document.',
    );
    submitIdentity('Identity document number', 'Verify my age', 'X-1');
    await waitFor(() =>
      expect(screen.getByTestId('age-check-error')).toHaveTextContent('This check is finished already.'),
    );
  });
});
