import { channelsReducer, initialChannelsState, visibleChannels, type ChannelsState } from './channelsState';
import { channelFixture } from './fixtures';

const page = (
  state: ChannelsState,
  channels = [channelFixture({ id: 1, unreadCount: 2 }), channelFixture({ id: 2 })],
  unreadTotal = 2,
) =>
  channelsReducer(state, {
    type: 'page',
    message: {
      type: 'channels',
      filterType: state.filter,
      onlineOnly: state.onlineOnly,
      offset: 0,
      channels,
      total: 12,
      unreadTotal,
    },
  });

describe('channelsReducer', () => {
  it('marking all seen reads every channel and zeroes the unread total', () => {
    const seen = channelsReducer(page(initialChannelsState), { type: 'allSeen' });
    expect(seen.unreadTotal).toBe(0);
    expect(seen.channels.every((c) => c.unreadCount === 0)).toBe(true);
  });

  it('keeps a blocked channel out of the inbox and lists it among the blocked', () => {
    const inbox = page(initialChannelsState);
    const blocked = { ...inbox.channels.find((c) => c.id === 2)!, blocked: true };
    expect(channelsReducer(inbox, { type: 'changed', channel: blocked }).channels.map((c) => c.id)).toEqual([1]);
    const blockedList = page(channelsReducer(inbox, { type: 'filter', filter: 'blocked' }), []);
    expect(channelsReducer(blockedList, { type: 'changed', channel: blocked }).channels.map((c) => c.id)).toEqual([2]);
  });

  it('selecting a channel marks it read and lowers the unread total, never below zero', () => {
    const loaded = page(initialChannelsState, [channelFixture({ id: 1, unreadCount: 3 })], 1);
    const selected = channelsReducer(loaded, { type: 'select', channelId: 1 });
    expect(selected.unreadTotal).toBe(0);
    expect(selected.channels[0]!.unreadCount).toBe(0);
    expect(selected.selectedId).toBe(1);
  });

  it('puts unread channels first in the unread filter, newest first otherwise', () => {
    const older = channelFixture({ id: 1, unreadCount: 1 });
    const newer = channelFixture({ id: 2 });
    expect(page(initialChannelsState, [older, newer]).channels.map((c) => c.id)).toEqual([2, 1]);
    const unread = channelsReducer(initialChannelsState, { type: 'filter', filter: 'unread' });
    expect(page(unread, [older, newer]).channels.map((c) => c.id)).toEqual([1, 2]);
  });

  it('appends later pages and drops answers for a filter the guest left', () => {
    const first = page(initialChannelsState);
    const more = channelsReducer(first, {
      type: 'page',
      message: {
        type: 'channels',
        filterType: 'newest',
        onlineOnly: false,
        offset: 2,
        channels: [channelFixture({ id: 3, messageTimestamp: '2025-01-01T00:00:00.000Z' })],
        total: 12,
        unreadTotal: 2,
      },
    });
    expect(more.channels.map((c) => c.id)).toEqual([2, 1, 3]);
    const stale = channelsReducer(more, {
      type: 'page',
      message: {
        type: 'channels',
        filterType: 'archived',
        onlineOnly: false,
        offset: 0,
        channels: [],
        total: 0,
        unreadTotal: 0,
      },
    });
    expect(stale).toBe(more);
    const otherSwitch = channelsReducer(more, {
      type: 'page',
      message: {
        type: 'channels',
        filterType: 'newest',
        onlineOnly: true,
        offset: 0,
        channels: [],
        total: 0,
        unreadTotal: 0,
      },
    });
    expect(otherSwitch).toBe(more);
  });

  it('moves an archived channel out of the inbox and re-sorts on a new message', () => {
    const loaded = page(initialChannelsState);
    const archived = channelsReducer(loaded, { type: 'changed', channel: { ...loaded.channels[0]!, archived: true } });
    expect(archived.channels.map((c) => c.id)).toEqual([1]);
    const bumped = channelsReducer(loaded, {
      type: 'changed',
      channel: { ...channelFixture({ id: 1 }), messageTimestamp: '2027-01-01T00:00:00.000Z' },
    });
    expect(bumped.channels.map((c) => c.id)).toEqual([1, 2]);
    expect(bumped.unreadTotal).toBe(0);
  });

  it('follows the performers going on and off line', () => {
    const loaded = page(initialChannelsState);
    const online = channelsReducer(loaded, { type: 'actorOnline', actorId: 101, online: true });
    expect(online.channels.find((c) => c.id === 1)!.isActorOnline).toBe(true);
  });

  it('keeps the open conversation read when a page counted it as unread', () => {
    const selected = channelsReducer(initialChannelsState, { type: 'select', channelId: 1 });
    const loaded = page(
      selected,
      [channelFixture({ id: 1, unreadCount: 2 }), channelFixture({ id: 2, unreadCount: 1 })],
      3,
    );
    expect(loaded.unreadTotal).toBe(1);
    expect(loaded.channels.find((c) => c.id === 1)!.unreadCount).toBe(0);
  });

  it('hides offline performers when online only is on, except in the archived and unread lists', () => {
    const switched = channelsReducer(page(initialChannelsState), { type: 'onlineOnly', onlineOnly: true });
    // The list waits for the server's first page with the switch on.
    expect(switched).toMatchObject({ channels: [], loading: true, onlineOnly: true });
    const loaded = page(switched, [channelFixture({ id: 1, isActorOnline: true })]);
    // A performer going off line while the switch is on leaves the list at once.
    const wentOffline = channelsReducer(loaded, { type: 'actorOnline', actorId: 101, online: false });
    expect(visibleChannels(loaded).map((c) => c.id)).toEqual([1]);
    expect(visibleChannels(wentOffline)).toEqual([]);
    const unread = page(channelsReducer(loaded, { type: 'filter', filter: 'unread' }), [
      channelFixture({ id: 1, isActorOnline: true }),
      channelFixture({ id: 2 }),
    ]);
    expect(visibleChannels(unread).map((c) => c.id)).toEqual([2, 1]);
  });
});
