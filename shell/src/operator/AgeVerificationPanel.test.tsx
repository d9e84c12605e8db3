import { fireEvent, screen, within } from '@testing-library/react';
import { avsEndpoints, type AvsStatus } from '@velvet/contracts';
import { restCallsTo, restFixture } from '@velvet/testing';
import { renderInShell } from '../testShell';
import { AgeVerificationPanel } from './AgeVerificationPanel';
import { useOperatorStrings } from './strings';
import { useShell } from '../layout/ShellContext';

function WithStrings() {
  useOperatorStrings(useShell().i18n);
  return <AgeVerificationPanel />;
}

const ANNA = '11111111-1111-4111-8111-111111111111';
const BEN = '22222222-2222-4222-8222-222222222222';

function render(language: 'en' | 'de' = 'en') {
  const statuses: Record<string, AvsStatus> = { [ANNA]: 'accepted', [BEN]: 'unknown' };
  return renderInShell(<WithStrings />, {
    language,
    platform: {
      loggedIn: true,
      guest: { flags: { operator: true } },
      rest: {
        ...restFixture(avsEndpoints.guestLookup, () => ({
          guests: [
            { id: ANNA, name: 'Anna', email: 'anna@example.com', avsStatus: statuses[ANNA]! },
            { id: BEN, name: 'Ben', email: 'ben@example.com', avsStatus: statuses[BEN]! },
          ],
        })),
        ...restFixture(avsEndpoints.revoke, ({ params }) => {
          statuses[params!.guestId] = 'unknown';
          return { guestId: params!.guestId, avsStatus: 'unknown' as const };
        }),
      },
    },
  });
}

describe('age verification in the operator console', () => {
  it('finds guests and revokes a verification after a confirmation', async () => {
    const { platform } = render();
    fireEvent.change(screen.getByLabelText('Guest (name or e-mail)'), { target: { value: 'example.com' } });
    fireEvent.click(screen.getByRole('button', { name: 'Find' }));
    const anna = (await screen.findByText('anna@example.com')).closest('tr')!;
    expect(within(anna).getByText('verified')).toBeInTheDocument();
    const ben = screen.getByText('ben@example.com').closest('tr')!;
    expect(within(ben).queryByRole('button')).toBeNull();

    fireEvent.click(within(anna).getByRole('button', { name: 'Revoke' }));
    expect(restCallsTo(platform, avsEndpoints.revoke)).toEqual([]);
    fireEvent.click(within(anna).getByRole('button', { name: 'Really revoke for Anna' }));
    expect(await within(anna).findByText('not verified')).toBeInTheDocument();
    expect(restCallsTo(platform, avsEndpoints.revoke)).toEqual([
      expect.objectContaining({ params: { guestId: ANNA } }),
    ]);
  });

  it('speaks German', async () => {
    render('de');
    fireEvent.change(screen.getByLabelText('Gast (Name oder E-Mail)'), { target: { value: 'anna' } });
    fireEvent.click(screen.getByRole('button', { name: 'Suchen' }));
    expect(await screen.findByText('verifiziert')).toBeInTheDocument();
  });
});
