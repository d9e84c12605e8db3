import { useTranslation } from 'react-i18next';
import {
  CHAT_TYPE_PRICE,
  LIVE_PREVIEW_SECONDS,
  TEXT_CHAT_COUNTDOWN_SECONDS,
  VIP_LIVE_PREVIEW_SECONDS,
  chatEndpoints,
  type ActorProfile,
  type ChatType,
} from '@velvet/contracts';
import {
  LoadState,
  useCurrentRoute,
  useGuest,
  useLoaded,
  usePlatform,
  RouteButton,
  RouteLink,
  useGuestKey,
} from '@velvet/federation';
import { Button, EmptyState, OnlineBadge, Price } from '@velvet/ui';
import { formatChatPrice } from '../format';
import { useActorOnlineChanges } from '../hooks';
import { LiveChatStage } from './LiveChatStage';
import { useLiveChat } from './useLiveChat';
import './live.css';

/** The chats a performer offers right now, from her profile and chat button config, in the order shown. */
export function chatOptions(actor: ActorProfile): ChatType[] {
  const options: ChatType[] = [];
  if (actor.isLivePreviewEnabled) options.push('LIVE_PREVIEW');
  if (actor.freeChat) options.push('FREECHAT');
  options.push('LIVECHAT');
  if (actor.isVoyeurChatAvailable) options.push('VOYEUR_CHAT');
  if (actor.isOnlineMobileVideocall) options.push('VIDEO_CALL');
  return options;
}

/** The price per minute of a chat type at this performer; 0 for the free ones. */
export function chatPrice(actor: ActorProfile, type: ChatType): number {
  const key = CHAT_TYPE_PRICE[type];
  return key ? actor.chatPrices[key] : 0;
}

function ChatOptions({ actor, onStart }: { actor: ActorProfile; onStart: (type: ChatType) => void }) {
  const { t } = useTranslation();
  const guest = useGuest();
  if (actor.chatButton.isBannedCountryCode) {
    return (
      <EmptyState
        title={t('chat.unavailable')}
        action={
          <RouteButton to="actorProfile" args={{ actorName: actor.name }}>
            {t('chat.toProfile')}
          </RouteButton>
        }
      />
    );
  }
  if (actor.isCurrentlyTicketShow) {
    return (
      <EmptyState
        title={t('shows.running', { name: actor.displayName })}
        action={
          <RouteButton to="actorLiveShow" args={{ actorName: actor.name }}>
            {t('shows.toLiveShow')}
          </RouteButton>
        }
      />
    );
  }
  if (!actor.isOnline) {
    return (
      <EmptyState
        title={t('chat.actorOffline', { name: actor.displayName })}
        action={
          <RouteButton to="actorProfile" args={{ actorName: actor.name }}>
            {t('chat.toProfile')}
          </RouteButton>
        }
      />
    );
  }
  const previewSeconds = guest.flags.vip ? VIP_LIVE_PREVIEW_SECONDS : LIVE_PREVIEW_SECONDS;
  return (
    <ul className="mf-chat-options" aria-label={t('chat.options', { name: actor.displayName })}>
      {chatOptions(actor).map((type) => (
        <li key={type} className="mf-chat-option" data-chat-type={type}>
          <h2>{t(`chat.types.${type}.title`)}</h2>
          <p>
            {t(`chat.types.${type}.text`, {
              name: actor.displayName,
              count: type === 'LIVE_PREVIEW' ? previewSeconds : TEXT_CHAT_COUNTDOWN_SECONDS,
            })}
          </p>
          <Price
            amount={chatPrice(actor, type)}
            format={formatChatPrice}
            freeLabel={t('chat.free')}
            unit={t('chat.perMinute')}
          />
          <Button onClick={() => onStart(type)}>{t(`chat.types.${type}.start`, { name: actor.displayName })}</Button>
        </li>
      ))}
      {actor.chatButton.voucherChatMinutes > 0 ? (
        <li className="mf-chat-option">{t('chat.voucherMinutes', { count: actor.chatButton.voucherChatMinutes })}</li>
      ) : null}
    </ul>
  );
}

function ChatStage({ actor }: { actor: ActorProfile }) {
  const live = useLiveChat(actor.id);
  return (
    <LiveChatStage live={live} actor={actor}>
      <ChatOptions actor={actor} onStart={(type) => void live.start(type)} />
    </LiveChatStage>
  );
}

/** Route actorChat `/{lang}/amateur/:actorName/chat/`: the performer's chats, the room, the end. */
export function ChatPage({ actorName }: { actorName: string }) {
  const { t } = useTranslation();
  const { api } = usePlatform();
  const route = useCurrentRoute();
  const guestKey = useGuestKey();
  // The same request as the profile's, so coming from the profile needs no second load.
  const profile = useLoaded(`actorProfile/${actorName}/${route.language}/${guestKey}`, () =>
    api.rest(chatEndpoints.actorData, { params: { actorIdOrName: actorName }, query: {} }),
  );
  useActorOnlineChanges((actorId, isOnline) =>
    profile.update((actor) =>
      actor.id === actorId
        ? { ...actor, isOnline, chatButton: { ...actor.chatButton, isActorOnline: isOnline } }
        : actor,
    ),
  );
  return (
    <LoadState loaded={profile}>
      {(actor) => (
        <article className="mf-chat-page" data-actor-id={actor.id}>
          <header className="mf-chat-page__header">
            <img src={actor.avatar.url} width={64} height={64} alt="" loading="lazy" decoding="async" />
            <div>
              <h1>{t('chat.pageTitle', { name: actor.displayName })}</h1>
              <OnlineBadge
                online={actor.isOnline}
                onlineLabel={t('actor.online')}
                offlineLabel={t('actor.offline')}
              />{' '}
              <RouteLink to="actorProfile" args={{ actorName: actor.name }}>
                {t('chat.toProfile')}
              </RouteLink>
            </div>
          </header>
          <ChatStage actor={actor} />
        </article>
      )}
    </LoadState>
  );
}
