import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { LOCK_REASON_MAX_LENGTH, lifecycleEndpoints, type OperatorGuest } from '@velvet/contracts';
import { Button, useAction } from '@velvet/ui';
import { useShell } from '../layout/ShellContext';
import { LoadState, useLanguage, useLoaded } from './data';
import { useErrorText } from './strings';
import { OperatorTable } from './Table';

/** One guest's row: locked, her lock's reason and time and an unlock; otherwise a reason to lock her with. */
function GuestRow({ guest, onChanged }: { guest: OperatorGuest; onChanged: () => void }) {
  const { t } = useTranslation('shell');
  const { platform } = useShell();
  const language = useLanguage();
  const action = useAction(useErrorText());
  const [reason, setReason] = useState('');
  const params = { guestId: guest.id };
  // The list loads again after a change: the lock's reason and time as the server stored them.
  const change = async (request: () => Promise<unknown>) => {
    if (await action.run(request)) onChanged();
  };
  const lock = (event: FormEvent) => {
    event.preventDefault();
    void change(async () => {
      await platform.api.rest(lifecycleEndpoints.lockGuest, { params, body: { reason } });
      platform.ui.toast(t('operator.guests.lockedToast', { name: guest.name }), 'success');
    });
  };
  const unlock = () => change(() => platform.api.rest(lifecycleEndpoints.unlockGuest, { params }));
  return (
    <tr data-testid={`operator-guest-${guest.id}`}>
      <td>{guest.name}</td>
      <td>{guest.email}</td>
      <td>
        {guest.locked
          ? t('operator.guests.lockedSince', {
              reason: guest.lockReason ?? '',
              at: guest.lockedAt ? new Date(guest.lockedAt).toLocaleString(language) : '',
            })
          : t('operator.guests.active')}
      </td>
      <td>
        {guest.locked ? (
          <Button size="small" variant="secondary" busy={action.busy} onClick={() => void unlock()}>
            {t('operator.guests.unlock')}
          </Button>
        ) : (
          <form onSubmit={lock} className="vv-operator__inline">
            <label>
              <span className="vv-visually-hidden">{t('operator.guests.reasonFor', { name: guest.name })}</span>
              <input
                value={reason}
                maxLength={LOCK_REASON_MAX_LENGTH}
                placeholder={t('operator.guests.reason')}
                onChange={(event) => setReason(event.target.value)}
              />
            </label>
            <Button type="submit" size="small" busy={action.busy} disabled={reason.trim().length < 3}>
              {t('operator.guests.lock')}
            </Button>
          </form>
        )}
        {action.error ? <p role="alert">{action.error}</p> : null}
      </td>
    </tr>
  );
}

/** The sandbox phone provider's sent pins, newest first, so a pin can be read back while testing. */
function OutboxEntries() {
  const { t } = useTranslation('shell');
  const { platform } = useShell();
  const outbox = useLoaded('pincallOutbox', () => platform.api.rest(lifecycleEndpoints.pincallOutbox));
  return (
    <LoadState loaded={outbox}>
      {({ entries }) =>
        entries.length === 0 ? (
          <p>{t('operator.guests.outboxEmpty')}</p>
        ) : (
          <ul>
            {entries.slice(0, 20).map((entry) => (
              <li key={`${entry.verificationId}-${entry.sentAt}`}>
                {t('operator.guests.outboxEntry', { phone: entry.phoneNumber, pin: entry.pin, type: entry.type })}
              </li>
            ))}
          </ul>
        )
      }
    </LoadState>
  );
}

/** Loaded when opened: most visits of the console never look at it. */
function PincallOutbox() {
  const { t } = useTranslation('shell');
  const [open, setOpen] = useState(false);
  return (
    <details className="vv-operator__outbox" onToggle={(event) => setOpen(event.currentTarget.open)}>
      <summary>{t('operator.guests.outbox')}</summary>
      {open && <OutboxEntries />}
    </details>
  );
}

/** Guests found by name or email, to lock (with a reason, ending her sessions at once) or unlock. */
export function GuestsPanel() {
  const { t } = useTranslation('shell');
  const { platform } = useShell();
  const [input, setInput] = useState('');
  const [search, setSearch] = useState<string | null>(null);
  const found = useLoaded(`operatorGuests:${search ?? ''}`, () =>
    search === null
      ? Promise.resolve({ guests: [] })
      : platform.api.rest(lifecycleEndpoints.operatorGuests, { query: { search } }),
  );
  return (
    <section className="vv-operator__guests" aria-labelledby="operator-guests">
      <h2 id="operator-guests">{t('operator.guests.title')}</h2>
      <form
        className="vv-operator__inline"
        onSubmit={(event) => {
          event.preventDefault();
          setSearch(input.trim());
        }}
      >
        <label htmlFor="operator-guest-search">{t('operator.guests.search')}</label>
        <input
          id="operator-guest-search"
          type="search"
          value={input}
          onChange={(event) => setInput(event.target.value)}
        />
        <Button type="submit" size="small">
          {t('operator.guests.find')}
        </Button>
      </form>
      {search !== null && (
        <LoadState loaded={found}>
          {({ guests }) =>
            guests.length === 0 ? (
              <p>{t('operator.guests.none')}</p>
            ) : (
              <OperatorTable
                headers={[
                  t('operator.guests.name'),
                  t('operator.guests.email'),
                  t('operator.guests.status'),
                  t('operator.remotes.actions'),
                ]}
              >
                {guests.map((guest) => (
                  <GuestRow key={guest.id} guest={guest} onChanged={found.retry} />
                ))}
              </OperatorTable>
            )
          }
        </LoadState>
      )}
      <PincallOutbox />
    </section>
  );
}
