import type { ReactNode } from 'react';
import { MIN_CHAT_BALANCE, type ActorProfile } from '@velvet/contracts';
import { useTranslation } from 'react-i18next';
import { COMMON_NAMESPACE } from '@velvet/i18n';
import { usePlatform, RouteButton } from '@velvet/federation';
import { Button, Spinner } from '@velvet/ui';
import { formatChatPrice } from '../format';
import { ChatEndView } from './ChatEndView';
import { ChatRoom } from './ChatRoom';
import type { StartErrorCode } from './reasons';
import type { useLiveChat } from './useLiveChat';

type LiveChat = ReturnType<typeof useLiveChat>;
type Performer = Pick<ActorProfile, 'name' | 'displayName'>;

/** Why a start failed, in words, with the way out where there is one. */
function StartError({ code, actor, live }: { code: StartErrorCode; actor: Performer; live: LiveChat }) {
  const { t } = useTranslation();
  const { ui } = usePlatform();
  const action =
    code === 'BALANCE_TOO_LOW' ? (
      <Button onClick={() => ui.open('moneyCharge')}>{t('chat.buyCoins')}</Button>
    ) : code === 'LOGIN_REQUIRED' ? (
      <Button onClick={() => ui.open('login')}>{t('login')}</Button>
    ) : code === 'CHAT_IN_PROGRESS' ? (
      <Button onClick={() => void live.resume()}>{t('chat.resume')}</Button>
    ) : code === 'AGE_CHECK_REQUIRED' ? (
      <Button onClick={() => ui.open('ageCheck')}>{t('chat.verifyAge')}</Button>
    ) : code === 'TICKET_REQUIRED' ? (
      <RouteButton to="actorLiveShow" args={{ actorName: actor.name }}>
        {t('shows.toLiveShow')}
      </RouteButton>
    ) : null;
  return (
    <div className="mf-chat-notice mf-chat-notice--error" role="alert" data-testid="chat-start-error">
      <p>{t(`chat.startError.${code}`, { name: actor.displayName, amount: formatChatPrice(MIN_CHAT_BALANCE) })}</p>
      {action}
    </div>
  );
}

/**
 * Everything of one live chat that both the chat page and the live-show page show: the start or resume under
 * way, the room while it runs, the end with its survey; before that, `children` (the chat options, the
 * tickets) with the last start error above them and a notice of a chat running with someone else.
 */
export function LiveChatStage({ live, actor, children }: { live: LiveChat; actor: Performer; children: ReactNode }) {
  const { t } = useTranslation();
  const { t: common } = useTranslation(COMMON_NAMESPACE);
  const { state } = live;
  switch (state.status) {
    case 'checking':
      return <Spinner label={common('loading')} />;
    case 'starting':
      return <Spinner label={t('chat.starting', { name: actor.displayName })} />;
    case 'running':
      return <ChatRoom chat={state.chat} actorName={actor.displayName} messages={live.messages} onStop={live.stop} />;
    case 'ended':
      return <ChatEndView end={state.end} actorName={actor.displayName} onAgain={live.again} />;
    case 'idle':
      return (
        <>
          {state.otherChat ? (
            <div className="mf-chat-notice" role="status">
              <p>{t('chat.otherChat', { name: state.otherChat.actorName })}</p>
              <RouteButton to="actorChat" args={{ actorName: state.otherChat.actorName.toLowerCase() }}>
                {t('chat.resume')}
              </RouteButton>
            </div>
          ) : null}
          {state.error ? <StartError code={state.error} actor={actor} live={live} /> : null}
          {children}
        </>
      );
  }
}
