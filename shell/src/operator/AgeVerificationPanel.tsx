import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { avsEndpoints, type EndpointResponse } from '@velvet/contracts';
import { Button, useAction } from '@velvet/ui';
import { useShell } from '../layout/ShellContext';
import { useErrorText } from './strings';
import { OperatorTable } from './Table';

type FoundGuest = EndpointResponse<typeof avsEndpoints.guestLookup>['guests'][number];

/**
 * Operators find a guest by name or e-mail and withdraw an age verification (a document found false, a
 * complaint): the guest's status goes back to unknown and her open pages hear avsRevoked.
 */
export function AgeVerificationPanel() {
  const { t } = useTranslation('shell');
  const { platform } = useShell();
  // keyed by what runs: the search, or the revoke of one guest's row
  const action = useAction(useErrorText());
  const [search, setSearch] = useState('');
  const [found, setFound] = useState<FoundGuest[] | null>(null);
  // a revoke is asked twice: the first click only names what the second one does
  const [confirming, setConfirming] = useState<string | null>(null);

  const find = (event: FormEvent) => {
    event.preventDefault();
    void action.run(async () => {
      setFound((await platform.api.rest(avsEndpoints.guestLookup, { query: { search: search.trim() } })).guests);
    }, 'search');
  };
  const revoke = (guest: FoundGuest) =>
    action.run(async () => {
      const { avsStatus } = await platform.api.rest(avsEndpoints.revoke, { params: { guestId: guest.id } });
      setFound((rows) => rows?.map((row) => (row.id === guest.id ? { ...row, avsStatus } : row)) ?? null);
      setConfirming(null);
    }, guest.id);

  return (
    <section className="vv-operator__tenant" aria-labelledby="operator-avs" data-testid="operator-avs">
      <h2 id="operator-avs">{t('operator.avs.title')}</h2>
      <form className="vv-operator__form" onSubmit={find}>
        <label>
          {t('operator.avs.search')}
          <input name="search" value={search} minLength={2} onChange={(event) => setSearch(event.target.value)} />
        </label>
        <Button type="submit" busy={action.running === 'search'} disabled={search.trim().length < 2}>
          {t('operator.avs.find')}
        </Button>
      </form>
      {action.error && (
        <p className="vv-operator__error" role="alert">
          {action.error}
        </p>
      )}
      {found && found.length === 0 && <p>{t('operator.avs.none')}</p>}
      {found && found.length > 0 && (
        <OperatorTable
          headers={(['name', 'email', 'status', 'actions'] as const).map((column) => t(`operator.avs.${column}`))}
        >
          {found.map((guest) => (
            <tr key={guest.id} data-guest={guest.id}>
              <td>{guest.name}</td>
              <td>{guest.email}</td>
              <td>{t(`operator.avs.statuses.${guest.avsStatus}`)}</td>
              <td>
                {guest.avsStatus !== 'accepted' && guest.avsStatus !== 'pending' ? null : confirming === guest.id ? (
                  <Button size="small" busy={action.running === guest.id} onClick={() => void revoke(guest)}>
                    {t('operator.avs.confirm', { name: guest.name })}
                  </Button>
                ) : (
                  <Button size="small" variant="secondary" onClick={() => setConfirming(guest.id)}>
                    {t('operator.avs.revoke')}
                  </Button>
                )}
              </td>
            </tr>
          ))}
        </OperatorTable>
      )}
    </section>
  );
}
