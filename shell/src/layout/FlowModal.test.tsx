import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { balanceOnWire } from '@velvet/contracts';
import { defineWidgets } from '@velvet/federation';
import type { RestCall } from '@velvet/sdk';
import { manifestRemote, renderInShell } from '../testShell';
import { FlowModal } from './FlowModal';
import { Navbar } from './Navbar';
import { Sidebar } from './Sidebar';
import { guestFixture, loaderOf } from '@velvet/testing';

const locales = loaderOf({ de: {}, en: {}, nl: {}, es: {} });
const account = manifestRemote('mf-account', ['flow.moneyCharge']);

/** A stand-in for mf-account's money charge: shows the props it got and closes the flow when done. */
const widgets = defineWidgets({
  name: 'mf-account',
  widgets: {
    'flow.moneyCharge':
      async () =>
      ({ close, platform }) => (
        <div>
          <p>Charge for {platform.session.current().guest.name}</p>
          <button type="button" onClick={() => (close as () => void)()}>
            Paid
          </button>
        </div>
      ),
  },
  locales,
});

const guest = guestFixture(true, 'en', { id: 'g-1', name: 'Anna', email: 'anna@example.com' });
const rest = (() => Promise.resolve({ accessToken: 'guest-token', guest })) as unknown as RestCall;

describe('flow modal host', () => {
  it('opens the money charge from the navbar balance with the widget of the remote that fills the slot', async () => {
    const loadWidgets = jest.fn(async () => widgets);
    const { shell, platform } = renderInShell(
      <>
        <Navbar />
        <Sidebar />
        <FlowModal />
      </>,
      { rest, remotes: [account], loadWidgets },
    );
    platform.setGuest({ name: 'Anna', flags: { loggedIn: true } });
    await act(() => shell.session.login('anna@example.com', 'secret-password'));

    fireEvent.click(
      within(screen.getByTestId('navbar')).getByRole('button', { name: 'Balance 0\u00a0VXC: buy coins' }),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Buy coins' });
    expect(await within(dialog).findByText('Charge for Anna')).toBeInTheDocument();
    expect(dialog.querySelector('[data-flow="moneyCharge"] [data-widget="flow.moneyCharge"]')).not.toBeNull();
    expect(loadWidgets).toHaveBeenCalledWith(account);

    // the widget closes the modal when it is done; the balance follows the guestBalance push
    fireEvent.click(within(dialog).getByRole('button', { name: 'Paid' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    act(() => shell.session.setBalance({ type: 'guestBalance', ...balanceOnWire(40_00, 'en') }));
    expect(screen.getByTestId('navbar-balance')).toHaveTextContent('40 VXC');
    expect(screen.getByTestId('sidebar-balance')).toHaveTextContent('40 VXC');

    // the sidebar opens the same flow, with a fresh widget
    fireEvent.click(screen.getByRole('button', { name: 'Buy coins' }));
    expect(await screen.findByText('Charge for Anna')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('says so when no enabled remote fills the slot', async () => {
    const { shell } = renderInShell(<FlowModal />, { language: 'de' });
    act(() => shell.ui.ui.open('moneyCharge'));
    const dialog = await screen.findByRole('dialog', { name: 'Coins kaufen' });
    expect(within(dialog).getByRole('alert')).toHaveTextContent('Coins können gerade nicht gekauft werden.');
  });

  it('says so when the remote that fills the slot cannot be loaded', async () => {
    const { shell } = renderInShell(<FlowModal />, {
      remotes: [account],
      loadWidgets: () => Promise.reject(new Error('ChunkLoadError: mf-account is down')),
    });
    act(() => shell.ui.ui.open('moneyCharge'));
    const dialog = await screen.findByRole('dialog', { name: 'Buy coins' });
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('Buying coins is not available at the moment.');
  });

  it('leaves login and signup to the auth modal', () => {
    const { shell } = renderInShell(<FlowModal />);
    act(() => shell.ui.ui.open('login'));
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('opens the age check with the widget that fills its slot, and says so in every language when none does', async () => {
    const ageCheck = defineWidgets({
      name: 'mf-account',
      widgets: {
        'flow.ageCheck':
          async () =>
          ({ close }) => (
            <button type="button" onClick={() => (close as () => void)()}>
              Verified
            </button>
          ),
      },
      locales,
    });
    const filled = renderInShell(<FlowModal />, {
      remotes: [manifestRemote('mf-account', ['flow.ageCheck'])],
      loadWidgets: async () => ageCheck,
    });
    act(() => filled.shell.ui.ui.open('ageCheck'));
    const dialog = await screen.findByRole('dialog', { name: 'Age check' });
    fireEvent.click(await within(dialog).findByRole('button', { name: 'Verified' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(filled.shell.ui.toasts$.value).toEqual([]);
    filled.unmount();

    for (const [language, title, text] of [
      ['de', 'Altersprüfung', 'Die Altersprüfung ist gerade nicht möglich.'],
      ['es', 'Verificación de edad', 'La verificación de edad no está disponible en este momento.'],
      ['nl', 'Leeftijdscontrole', 'De leeftijdscontrole is op dit moment niet mogelijk.'],
    ] as const) {
      const empty = renderInShell(<FlowModal />, { language });
      act(() => empty.shell.ui.ui.open('ageCheck'));
      const fallback = await screen.findByRole('dialog', { name: title });
      expect(within(fallback).getByRole('alert')).toHaveTextContent(text);
      empty.unmount();
    }
  });
});
