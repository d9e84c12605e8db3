import { useState } from 'react';
import { act, fireEvent, screen } from '@testing-library/react';
import type { IncomingMessage } from '@velvet/contracts';
import { renderInShell } from '../testShell';
import { Notifications, useNotifications } from './Notifications';

function Bell() {
  const [open, setOpen] = useState(false);
  return <Notifications state={useNotifications()} open={open} onOpen={setOpen} />;
}

/** Ids as the server makes them: a letter repeated into a UUID. */
const uuid = (letter: string) =>
  `${letter.repeat(8)}-${letter.repeat(4)}-4${letter.repeat(3)}-a${letter.repeat(3)}-${letter.repeat(12)}`;

const notification = (id: string, text: string, minute: number, unread = true) => ({
  id: uuid(id),
  text,
  unread,
  unseen: unread,
  created: `2026-11-25T09:${String(minute).padStart(2, '0')}:00.000Z`,
});

const push = (changes: Partial<IncomingMessage<'notifications'>>): IncomingMessage<'notifications'> => ({
  type: 'notifications',
  notifications: [],
  removedIds: [],
  markedAsReadIds: [],
  ...changes,
});

function renderBell() {
  const rendered = renderInShell(<Bell />, { language: 'de', platform: { loggedIn: true } });
  act(() => rendered.shell.session.session$.next(rendered.platform.session.current()));
  return rendered;
}

const sentOf = (sent: readonly { type: string }[], type: string) => sent.filter((m) => m.type === type);

describe('the notification bell', () => {
  it('asks for the newest five, shows them newest first with the unread count, and follows pushes', () => {
    const { platform } = renderBell();
    expect(sentOf(platform.sent, 'requestNavbarNotifications')).toEqual([
      { type: 'requestNavbarNotifications', newest: 5 },
    ]);
    act(() =>
      platform.emit(
        push({ notifications: [notification('a', 'Anna ist online', 1), notification('b', 'Bea schrieb', 2, false)] }),
      ),
    );
    expect(screen.getByTestId('unread-count')).toHaveTextContent('1');
    act(() => platform.emit(push({ notifications: [notification('c', 'Cleo schrieb', 3)] })));
    expect(screen.getByTestId('unread-count')).toHaveTextContent('2');
    fireEvent.click(screen.getByRole('button', { name: 'Benachrichtigungen: 2 ungelesen' }));
    expect(screen.getAllByRole('listitem').map((li) => li.firstChild?.textContent)).toEqual([
      'Cleo schrieb',
      'Bea schrieb',
      'Anna ist online',
    ]);
    act(() => platform.emit(push({ removedIds: [uuid('a')], markedAsReadIds: [uuid('c')] })));
    expect(screen.getAllByRole('listitem')).toHaveLength(2);
    expect(screen.queryByTestId('unread-count')).toBeNull();
  });

  it('marks read, seen and removes, calling the server only when the local state changed', () => {
    const { platform } = renderBell();
    act(() =>
      platform.emit(push({ notifications: [notification('a', 'Anna', 1), notification('b', 'Bea', 2, false)] })),
    );
    const bell = () => screen.getByRole('button', { name: /^Benachrichtigungen/ });
    fireEvent.click(bell());
    expect(sentOf(platform.sent, 'markNotificationSeen')).toEqual([{ type: 'markNotificationSeen' }]);
    fireEvent.click(bell());
    fireEvent.click(bell());
    // Nothing unseen any more: opening again sends nothing.
    expect(sentOf(platform.sent, 'markNotificationSeen')).toHaveLength(1);

    fireEvent.click(screen.getByRole('button', { name: 'Als gelesen markieren' }));
    expect(sentOf(platform.sent, 'markNotificationRead')).toEqual([
      { type: 'markNotificationRead', notificationId: uuid('a') },
    ]);
    expect(screen.queryByTestId('unread-count')).toBeNull();
    // All read already: neither a single nor the "all" button is there to send again.
    expect(screen.queryByRole('button', { name: 'Als gelesen markieren' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Alle als gelesen markieren' })).toBeNull();

    act(() => platform.emit(push({ notifications: [notification('c', 'Cleo', 3), notification('d', 'Dana', 4)] })));
    fireEvent.click(screen.getByRole('button', { name: 'Alle als gelesen markieren' }));
    expect(sentOf(platform.sent, 'markNotificationRead')).toEqual([
      { type: 'markNotificationRead', notificationId: uuid('a') },
      { type: 'markNotificationRead' },
    ]);
    expect(screen.queryByTestId('unread-count')).toBeNull();

    fireEvent.click(screen.getAllByRole('button', { name: 'Entfernen' })[0]!);
    expect(sentOf(platform.sent, 'removeNotification')).toEqual([
      { type: 'removeNotification', notificationId: uuid('d') },
    ]);
    expect(screen.getAllByRole('listitem').map((li) => li.firstChild?.textContent)).toEqual(['Cleo', 'Bea', 'Anna']);
  });
});
