import { useEffect, useState } from 'react';
import { filter, merge } from 'rxjs';
import { unreadMessageCountQuery } from '@velvet/contracts';
import { useSession, useShell } from './ShellContext';

/**
 * The logged-in guest's unread messenger messages for the navbar's badge: asked of the structured query once the
 * socket session is ready, taken from every channel list the messenger loads, zero when all were marked seen, and
 * asked again when a channel changed (a message arrived, a conversation was read in some tab). Visitors have none,
 * and so has the server render: the badge is personal and appears after hydration.
 */
export function useUnreadMessages(): number {
  const { socket, platform } = useShell();
  const loggedIn = useSession().guest.flags.loggedIn;
  const [count, setCount] = useState(0);
  useEffect(() => {
    if (!loggedIn) return;
    let active = true;
    const ask = () =>
      platform.api
        .query(unreadMessageCountQuery, {})
        .then((answer) => active && setCount(answer.unreadMessageCount))
        // The badge keeps its last count when the question fails; the next change asks again.
        .catch(() => undefined);
    const subscriptions = [
      merge(socket.ready$.pipe(filter(Boolean)), socket.on('channel')).subscribe(() => void ask()),
      socket.on('channels').subscribe((page) => setCount(page.unreadTotal)),
      socket.on('allChannelsSeen').subscribe(() => setCount(0)),
    ];
    return () => {
      active = false;
      subscriptions.forEach((subscription) => subscription.unsubscribe());
      setCount(0);
    };
  }, [socket, platform, loggedIn]);
  return count;
}
