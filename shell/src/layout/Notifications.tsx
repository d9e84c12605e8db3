import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { filter } from 'rxjs';
import type { IncomingMessage } from '@velvet/contracts';
import { useSession, useShell } from './ShellContext';

type Notification = IncomingMessage<'notifications'>['notifications'][number];

/** The navbar shows at most this many notifications. */
export const NAVBAR_NOTIFICATIONS = 5;

/** Merges one `notifications` push into the list: new and changed ones replace, removed and read ones apply. */
export function applyNotifications(list: Notification[], message: IncomingMessage<'notifications'>): Notification[] {
  const byId = new Map(list.map((n) => [n.id, n]));
  for (const notification of message.notifications) byId.set(notification.id, notification);
  for (const id of message.removedIds) byId.delete(id);
  for (const id of message.markedAsReadIds) {
    const notification = byId.get(id);
    if (notification) byId.set(id, { ...notification, unread: false });
  }
  return [...byId.values()].sort((a, b) => b.created.localeCompare(a.created));
}

/** The logged-in guest's navbar notifications, requested once the socket session is ready. */
export function useNotifications(): Notification[] {
  const { socket } = useShell();
  const loggedIn = useSession().guest.flags.loggedIn;
  const [list, setList] = useState<Notification[]>([]);
  useEffect(() => {
    if (!loggedIn) return;
    const request = socket.ready$
      .pipe(filter(Boolean))
      .subscribe(() => socket.send({ type: 'requestNavbarNotifications', newest: NAVBAR_NOTIFICATIONS }));
    const updates = socket
      .on('notifications')
      .subscribe((message) => setList((previous) => applyNotifications(previous, message)));
    return () => {
      request.unsubscribe();
      updates.unsubscribe();
      setList([]);
    };
  }, [socket, loggedIn]);
  return list;
}

export function Notifications({ state }: { state: Notification[] }) {
  const { t } = useTranslation('shell');
  const [open, setOpen] = useState(false);
  const unread = state.filter((n) => n.unread).length;
  return (
    <div className="vv-bell">
      <button
        type="button"
        className="vv-bell__button"
        aria-expanded={open}
        onClick={() => setOpen((o) => !o)}
        aria-label={t('notifications.label', { count: unread })}
      >
        <svg aria-hidden="true" width="22" height="22" viewBox="0 0 24 24" fill="currentColor">
          <path d="M12 22a2.5 2.5 0 0 0 2.45-2h-4.9A2.5 2.5 0 0 0 12 22Zm7-6V11a7 7 0 0 0-5.5-6.84V3.5a1.5 1.5 0 0 0-3 0v.66A7 7 0 0 0 5 11v5l-2 2v1h18v-1l-2-2Z" />
        </svg>
        {unread > 0 && (
          <span className="vv-bell__count" data-testid="unread-count">
            {unread}
          </span>
        )}
      </button>
      {open && (
        <div className="vv-bell__panel" role="region" aria-label={t('notifications.title')}>
          {state.length === 0 ? (
            <p>{t('notifications.empty')}</p>
          ) : (
            <ul>
              {state.slice(0, NAVBAR_NOTIFICATIONS).map((n) => (
                <li key={n.id} className={n.unread ? 'vv-bell__unread' : undefined}>
                  {n.text}
                </li>
              ))}
            </ul>
          )}
        </div>
      )}
    </div>
  );
}
