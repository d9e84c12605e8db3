import { useEffect, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { MESSAGE_MAX_LENGTH, messengerEndpoints, type Channel, type Message } from '@velvet/contracts';
import { useLanguage, usePlatform, useTimeZone } from '@velvet/federation';
import { COMMON_NAMESPACE, formatDate } from '@velvet/i18n';
import { formatCurrency } from '@velvet/sdk';
import { Button, ErrorState, OnlineBadge, Spinner } from '@velvet/ui';

const HISTORY_PAGE = 30;

/** One conversation (mounted per channel, keyed by its id): its history (older pages on demand), new messages as they arrive, and the composer. */
export function Conversation({ channelId, onMissing }: { channelId: number; onMissing: () => void }) {
  const platform = usePlatform();
  const { t } = useTranslation();
  const language = useLanguage();
  const timeZone = useTimeZone();
  const [channel, setChannel] = useState<Channel | null>(null);
  const [messages, setMessages] = useState<Message[]>([]);
  const [hasMore, setHasMore] = useState(false);
  const [failed, setFailed] = useState(false);
  const [text, setText] = useState('');
  const [paidNotice, setPaidNotice] = useState<number | null>(null);

  useEffect(() => {
    let active = true;
    platform.api
      .rest(messengerEndpoints.channel, { params: { channelId }, query: { limit: HISTORY_PAGE } })
      .then((answer) => {
        if (!active) return;
        setChannel(answer.channel);
        setMessages(answer.messages);
        setHasMore(answer.hasMore);
      })
      .catch((error: { code?: string }) => {
        if (!active) return;
        if (error.code === 'NOT_FOUND') onMissing();
        else setFailed(true);
      });
    return () => {
      active = false;
    };
  }, [platform, channelId, onMissing]);

  useEffect(() => {
    const pushed = platform.bus.on('channel').subscribe((update) => {
      if (update.channel.id !== channelId) return;
      setChannel(update.channel);
      const arrived = update.message;
      if (!arrived) return;
      setMessages((current) => (current.some((m) => m.id === arrived.id) ? current : [...current, arrived]));
      // The composer keeps the text until the server stored it (a refused message is not lost).
      if (arrived.senderType === 'guest') setText((current) => (current.trim() === arrived.text ? '' : current));
    });
    const price = platform.bus.on('messagePrice').subscribe((notice) => {
      if (notice.channelId === channelId) setPaidNotice(notice.messagePrice);
    });
    const online = platform.bus
      .on('actorOnline')
      .subscribe(({ actorId }) => setChannel((c) => (c?.actorId === actorId ? { ...c, isActorOnline: true } : c)));
    const offline = platform.bus
      .on('actorOffline')
      .subscribe(({ actorId }) => setChannel((c) => (c?.actorId === actorId ? { ...c, isActorOnline: false } : c)));
    return () => [pushed, price, online, offline].forEach((s) => s.unsubscribe());
  }, [platform, channelId]);

  const loadOlder = async () => {
    const answer = await platform.api.rest(messengerEndpoints.channel, {
      params: { channelId },
      query: { limit: HISTORY_PAGE, before: messages[0]?.id },
    });
    setMessages((current) => [...answer.messages, ...current]);
    setHasMore(answer.hasMore);
  };

  const send = (event: FormEvent) => {
    event.preventDefault();
    const trimmed = text.trim();
    if (!trimmed) return;
    setPaidNotice(null);
    platform.bus.send({
      type: 'sendMessage',
      channelId,
      messageType: 'text',
      senderType: 'guest',
      isVideochat: false,
      isFreechat: false,
      data: { text: trimmed },
      includedGifts: [],
      chatId: null,
    });
  };

  if (failed) return <ErrorState title={t('errorTitle', { ns: COMMON_NAMESPACE })} />;
  if (!channel) return <Spinner label={t('loading', { ns: COMMON_NAMESPACE })} />;
  // Paid messages need the wallet; until then a message is sent only while it is free.
  const canSend = channel.isMessagingFree || channel.freeMessagesAmount > 0;
  return (
    <section className="mf-messenger__conversation" aria-label={t('conversation.label', { name: channel.actorName })}>
      <header className="mf-messenger__conversation-header">
        <h2>{channel.actorName}</h2>
        <OnlineBadge online={channel.isActorOnline} onlineLabel={t('online')} offlineLabel={t('offline')} />
        <Button
          variant="ghost"
          size="small"
          onClick={() => platform.bus.send({ type: 'archiveChannel', channelId, status: !channel.archived })}
        >
          {channel.archived ? t('conversation.unarchive') : t('conversation.archive')}
        </Button>
      </header>
      {hasMore ? (
        <Button variant="secondary" size="small" onClick={() => void loadOlder()}>
          {t('conversation.older')}
        </Button>
      ) : null}
      <ol className="mf-messenger__messages">
        {messages.map((message) => (
          <li key={message.id} data-sender={message.senderType}>
            <p>{message.text}</p>
            <time dateTime={message.created}>
              {formatDate(message.created, language, { dateStyle: 'short', timeStyle: 'short', timeZone })}
            </time>
          </li>
        ))}
      </ol>
      {channel.blocked ? (
        <p>{t('conversation.blocked')}</p>
      ) : (
        <form onSubmit={send} className="mf-messenger__composer">
          <label htmlFor={`composer-${channelId}`}>{t('composer.label')}</label>
          <textarea
            id={`composer-${channelId}`}
            value={text}
            maxLength={MESSAGE_MAX_LENGTH}
            onChange={(event) => setText(event.target.value)}
          />
          <p className="mf-messenger__terms">
            {channel.isMessagingFree
              ? t('composer.free')
              : channel.freeMessagesAmount > 0
                ? t('composer.freeLeft', { count: channel.freeMessagesAmount })
                : t('composer.price', { price: formatCurrency(channel.messagePrice, 'VXC') })}
          </p>
          {paidNotice !== null ? (
            <p role="alert">{t('composer.paidRefused', { price: formatCurrency(paidNotice, 'VXC') })}</p>
          ) : null}
          <Button type="submit" disabled={!canSend || !text.trim()}>
            {t('composer.send')}
          </Button>
        </form>
      )}
    </section>
  );
}
