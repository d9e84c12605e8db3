import type { Channel, ChannelFilter, IncomingMessage } from '@velvet/contracts';

/** The channel list of the messenger: one filter's loaded pages, the unread total and the selection. */
export interface ChannelsState {
  filter: ChannelFilter;
  channels: Channel[];
  total: number;
  unreadTotal: number;
  selectedId: number | null;
  loading: boolean;
  /** Hide channels of offline performers (not in the archived and unread lists). */
  onlineOnly: boolean;
}

export type ChannelsAction =
  | { type: 'page'; message: IncomingMessage<'channels'> }
  | { type: 'changed'; channel: Channel }
  | { type: 'select'; channelId: number | null }
  | { type: 'onlineOnly'; onlineOnly: boolean }
  | { type: 'filter'; filter: ChannelFilter }
  | { type: 'loading' }
  | { type: 'allSeen' }
  | { type: 'actorOnline'; actorId: number; online: boolean };

export const initialChannelsState: ChannelsState = {
  filter: 'newest',
  channels: [],
  total: 0,
  unreadTotal: 0,
  selectedId: null,
  loading: true,
  onlineOnly: false,
};

/** The channels shown: the online-only switch hides offline performers except in the archived and unread lists. */
export function visibleChannels(state: ChannelsState): Channel[] {
  const hides = state.onlineOnly && state.filter !== 'archived' && state.filter !== 'unread';
  return hides ? state.channels.filter((channel) => channel.isActorOnline) : state.channels;
}

/** Whether a channel belongs in a filter's list (the server's rule, applied to pushed changes). */
function belongsTo(channel: Channel, filter: ChannelFilter): boolean {
  if (filter === 'blocked') return channel.blocked;
  if (channel.blocked) return false;
  return filter === 'archived' ? channel.archived : !channel.archived;
}

/** Newest first; the unread filter puts unread channels first. */
export function sortChannels(channels: Channel[], filter: ChannelFilter): Channel[] {
  return [...channels].sort((a, b) => {
    if (filter === 'unread') {
      const unread = Number(b.unreadCount > 0) - Number(a.unreadCount > 0);
      if (unread !== 0) return unread;
    }
    return b.messageTimestamp.localeCompare(a.messageTimestamp) || b.id - a.id;
  });
}

export function channelsReducer(state: ChannelsState, action: ChannelsAction): ChannelsState {
  switch (action.type) {
    case 'page': {
      const { message } = action;
      // A late answer for a filter (or online-only switch) the guest already left is dropped.
      if (message.filterType !== state.filter || message.onlineOnly !== state.onlineOnly) return state;
      const kept =
        message.offset === 0 ? [] : state.channels.filter((c) => !message.channels.some((n) => n.id === c.id));
      // The open conversation is read even if the page was counted before it was opened.
      const open = message.channels.find((c) => c.id === state.selectedId);
      const arrived = message.channels.map((c) => (c === open ? { ...c, unreadCount: 0 } : c));
      return {
        ...state,
        channels: sortChannels([...kept, ...arrived], state.filter),
        total: message.total,
        unreadTotal: Math.max(0, message.unreadTotal - (open?.unreadCount ?? 0)),
        loading: false,
      };
    }
    case 'changed': {
      const { channel } = action;
      const previous = state.channels.find((c) => c.id === channel.id);
      const others = state.channels.filter((c) => c.id !== channel.id);
      const listed = belongsTo(channel, state.filter);
      // An open conversation is read as it arrives.
      const shown = channel.id === state.selectedId ? { ...channel, unreadCount: 0 } : channel;
      const unreadDelta = shown.unreadCount - (previous?.unreadCount ?? 0);
      return {
        ...state,
        channels: sortChannels(listed ? [...others, shown] : others, state.filter),
        total: state.total + (listed ? 1 : 0) - (previous ? 1 : 0),
        unreadTotal: Math.max(0, state.unreadTotal + unreadDelta),
      };
    }
    case 'select': {
      const selected = state.channels.find((c) => c.id === action.channelId);
      return {
        ...state,
        selectedId: action.channelId,
        unreadTotal: Math.max(0, state.unreadTotal - (selected?.unreadCount ?? 0)),
        channels: state.channels.map((c) => (c.id === action.channelId ? { ...c, unreadCount: 0 } : c)),
      };
    }
    case 'filter':
      return action.filter === state.filter
        ? state
        : { ...state, filter: action.filter, channels: [], total: 0, loading: true };
    // The server answers the list's first page again with or without offline performers.
    case 'onlineOnly':
      return action.onlineOnly === state.onlineOnly
        ? state
        : { ...state, onlineOnly: action.onlineOnly, channels: [], total: 0, loading: true };
    case 'loading':
      return { ...state, loading: true };
    case 'allSeen':
      return { ...state, unreadTotal: 0, channels: state.channels.map((c) => ({ ...c, unreadCount: 0 })) };
    case 'actorOnline':
      return {
        ...state,
        channels: state.channels.map((c) =>
          c.actorId === action.actorId ? { ...c, isActorOnline: action.online } : c,
        ),
      };
  }
}
