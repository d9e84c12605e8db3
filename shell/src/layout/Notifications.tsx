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

/** The bell's notifications and what the guest can do with them. */
export interface NotificationCentre {
  list: Notification[];
  /** Marks one (all without an id) read. */
  markRead(id?: string): void;
  /** Marks all seen, as opening the bell shows them. */
  markSeen(): void;
  remove(id: string): void;
}

/**
 * The logged-in guest's navbar notifications, requested once the socket session is ready. Each action changes
 * the local list at once and calls the server only when it changed something there (nothing unread, nothing to
 * send).
 */
export function useNotifications(): NotificationCentre {
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
  const markRead = (id?: string) => {
    const changed = list.filter((n) => n.unread && (id === undefined || n.id === id)).map((n) => n.id);
    if (changed.length === 0) return;
    setList((previous) => applyNotifications(previous, { ...NO_CHANGE, markedAsReadIds: changed }));
    socket.send({ type: 'markNotificationRead', ...(id === undefined ? {} : { notificationId: id }) });
  };
  const markSeen = () => {
    const changed = list.filter((n) => n.unseen).map((n) => ({ ...n, unseen: false }));
    if (changed.length === 0) return;
    setList((previous) => applyNotifications(previous, { ...NO_CHANGE, notifications: changed }));
    socket.send({ type: 'markNotificationSeen' });
  };
  const remove = (id: string) => {
    if (!list.some((n) => n.id === id)) return;
    setList((previous) => applyNotifications(previous, { ...NO_CHANGE, removedIds: [id] }));
    socket.send({ type: 'removeNotification', notificationId: id });
  };
  return { list, markRead, markSeen, remove };
}

const NO_CHANGE: IncomingMessage<'notifications'> = {
  type: 'notifications',
  notifications: [],
  removedIds: [],
  markedAsReadIds: [],
};

/** The bell and its panel; whether it is open is the navbar's, which keeps one menu open at a time. */
export function Notifications({
  state,
  open,
  onOpen,
}: {
  state: NotificationCentre;
  open: boolean;
  onOpen: (open: boolean) => void;
}) {
  const { t } = useTranslation('shell');
  const { list } = state;
  const unread = list.filter((n) => n.unread).length;
  const toggle = () => {
    if (!open) state.markSeen();
    onOpen(!open);
  };
  return (
    <div className="vv-bell">
      <button
        type="button"
        className="vv-bell__button"
        aria-expanded={open}
        onClick={toggle}
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
          {list.length === 0 ? (
            <p>{t('notifications.empty')}</p>
          ) : (
            <>
              {unread > 0 && (
                <button type="button" className="vv-bell__all" onClick={() => state.markRead()}>
                  {t('notifications.markAllRead')}
                </button>
              )}
              <ul>
                {list.slice(0, NAVBAR_NOTIFICATIONS).map((n) => (
                  <li key={n.id} className={n.unread ? 'vv-bell__unread' : undefined}>
                    <span>{n.text}</span>
                    {n.unread && (
                      <button type="button" onClick={() => state.markRead(n.id)}>
                        {t('notifications.markRead')}
                      </button>
                    )}
                    <button
                      type="button"
                      aria-label={t('notifications.remove')}
                      title={t('notifications.remove')}
                      onClick={() => state.remove(n.id)}
                    >
                      ×
                    </button>
                  </li>
                ))}
              </ul>
            </>
          )}
        </div>
      )}
    </div>
  );
}
