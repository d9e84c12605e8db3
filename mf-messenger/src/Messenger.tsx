import { useCallback, useEffect, useReducer, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import {
  CHANNEL_FILTERS,
  CHANNEL_STORAGE_KEY,
  LOAD_CHANNELS_THROTTLE_MS,
  MESSENGER_CHANNELS_PAGE_SIZE,
  messengerEndpoints,
  type ChannelFilter,
  type RecommendedActor,
} from '@velvet/contracts';
import { usePlatform } from '@velvet/federation';
import { COMMON_NAMESPACE } from '@velvet/i18n';
import { Button, EmptyState, OnlineBadge, Spinner } from '@velvet/ui';
import { channelsReducer, initialChannelsState, visibleChannels } from './channelsState';
import { Conversation } from './Conversation';
import { Recommendations } from './Recommendations';

function storedChannelId(): number | null {
  const value = Number(window.localStorage.getItem(CHANNEL_STORAGE_KEY));
  return Number.isInteger(value) && value > 0 ? value : null;
}

/** The logged-in guest's messenger: filters, the paged channel list and the selected conversation. */
export function Messenger() {
  const platform = usePlatform();
  const { t } = useTranslation();
  const [state, dispatch] = useReducer(channelsReducer, initialChannelsState);
  const lastLoad = useRef(0);
  const started = useRef(false);

  useEffect(() => {
    const subscriptions = [
      platform.bus.on('channels').subscribe((message) => dispatch({ type: 'page', message })),
      platform.bus.on('channel').subscribe(({ channel }) => dispatch({ type: 'changed', channel })),
      platform.bus.on('allChannelsSeen').subscribe(() => dispatch({ type: 'allSeen' })),
      platform.bus
        .on('actorOnline')
        .subscribe(({ actorId }) => dispatch({ type: 'actorOnline', actorId, online: true })),
      platform.bus
        .on('actorOffline')
        .subscribe(({ actorId }) => dispatch({ type: 'actorOnline', actorId, online: false })),
    ];
    // The messenger starts once; a repeated init is ignored.
    if (!started.current) {
      started.current = true;
      lastLoad.current = Date.now();
      platform.bus.send({ type: 'loadChannels', offset: 0, limit: MESSENGER_CHANNELS_PAGE_SIZE, filterType: 'newest' });
      const restored = storedChannelId();
      if (restored) dispatch({ type: 'select', channelId: restored });
    }
    return () => subscriptions.forEach((s) => s.unsubscribe());
  }, [platform]);

  const select = useCallback((channelId: number) => {
    window.localStorage.setItem(CHANNEL_STORAGE_KEY, String(channelId));
    dispatch({ type: 'select', channelId });
  }, []);

  const forgetSelection = useCallback(() => {
    window.localStorage.removeItem(CHANNEL_STORAGE_KEY);
    dispatch({ type: 'select', channelId: null });
  }, []);

  // One request per 500 ms at most, however often the button is pressed.
  const loadMore = () => {
    const now = Date.now();
    if (now - lastLoad.current < LOAD_CHANNELS_THROTTLE_MS) return;
    lastLoad.current = now;
    dispatch({ type: 'loading' });
    platform.bus.send({
      type: 'loadChannels',
      offset: state.channels.length,
      limit: MESSENGER_CHANNELS_PAGE_SIZE,
      filterType: state.filter,
      online: state.onlineOnly,
    });
  };

  const changeFilter = (filter: ChannelFilter) => {
    if (filter === state.filter) return;
    dispatch({ type: 'filter', filter });
    platform.bus.send({ type: 'filterChannels', filterType: filter, online: state.onlineOnly });
  };

  const changeOnlineOnly = (online: boolean) => {
    dispatch({ type: 'onlineOnly', onlineOnly: online });
    platform.bus.send({ type: 'loadOnlineChannels', online, filterType: state.filter });
  };

  const markAllSeen = () => {
    dispatch({ type: 'allSeen' });
    platform.bus.send({ type: 'allChannelsSeen' });
  };

  const write = (actor: RecommendedActor) =>
    platform.api
      .rest(messengerEndpoints.touchChannel, { body: { actorId: actor.id } })
      .then(({ channel }) => {
        dispatch({ type: 'changed', channel });
        select(channel.id);
      })
      .catch(() => platform.ui.toast(t('errorTitle', { ns: COMMON_NAMESPACE }), 'error'));

  const { selectedId } = state;
  return (
    <div className="mf-messenger">
      <h1>{t('title')}</h1>
      <p aria-live="polite" className="mf-messenger__unread-total">
        {t('unreadTotal', { count: state.unreadTotal })}{' '}
        {state.unreadTotal > 0 ? (
          <Button variant="ghost" size="small" onClick={markAllSeen}>
            {t('channels.allSeen')}
          </Button>
        ) : null}
      </p>
      <div className="mf-messenger__layout">
        <nav className="mf-messenger__channels" aria-label={t('channels.label')}>
          <div role="group" aria-label={t('filters.label')} className="mf-messenger__filters">
            {CHANNEL_FILTERS.map((filter) => (
              <Button
                key={filter}
                size="small"
                variant={filter === state.filter ? 'primary' : 'ghost'}
                aria-pressed={filter === state.filter}
                onClick={() => changeFilter(filter)}
              >
                {t(`filters.${filter}`)}
              </Button>
            ))}
          </div>
          <label className="mf-messenger__online-only">
            <input
              type="checkbox"
              checked={state.onlineOnly}
              onChange={(event) => changeOnlineOnly(event.target.checked)}
            />{' '}
            {t('filters.onlineOnly')}
          </label>
          {state.channels.length === 0 && !state.loading ? (
            <EmptyState title={t(`channels.empty.${state.filter}`)} />
          ) : null}
          <ul>
            {visibleChannels(state).map((channel) => (
              <li key={channel.id} data-unread={channel.unreadCount > 0 ? 'true' : 'false'}>
                <button
                  type="button"
                  className="mf-messenger__channel"
                  aria-current={channel.id === selectedId ? 'true' : undefined}
                  onClick={() => select(channel.id)}
                >
                  <img src={channel.previewPictureUrl} width={48} height={48} alt="" loading="lazy" />
                  <span className="mf-messenger__channel-name">{channel.actorName}</span>
                  <OnlineBadge online={channel.isActorOnline} onlineLabel={t('online')} offlineLabel={t('offline')} />
                  {channel.unreadCount > 0 ? (
                    <span className="mf-messenger__unread">{t('channels.unread', { count: channel.unreadCount })}</span>
                  ) : null}
                  <span className="mf-messenger__last">{channel.lastMessage ?? t('channels.noMessages')}</span>
                </button>
              </li>
            ))}
          </ul>
          {state.loading ? <Spinner label={t('loading', { ns: COMMON_NAMESPACE })} /> : null}
          {!state.loading && state.channels.length < state.total ? (
            <Button variant="secondary" block onClick={loadMore}>
              {t('channels.more')}
            </Button>
          ) : null}
        </nav>
        <div className="mf-messenger__main">
          {selectedId ? (
            <Conversation key={selectedId} channelId={selectedId} onMissing={forgetSelection} />
          ) : (
            <Recommendations onWrite={(actor) => void write(actor)} />
          )}
        </div>
      </div>
    </div>
  );
}
