import { useEffect, useMemo, useRef, useState, type ChangeEvent, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import {
  accountEndpoints,
  boughtGiftsQuery,
  COINS_PER_EUR,
  loggerEndpoints,
  MESSAGE_MAX_LENGTH,
  MESSENGER_IMAGE_MAX_BYTES,
  messengerEndpoints,
  messengerGiftsQuery,
  type BoughtGift,
  type Channel,
  type ErrorCode,
  type IncomingMessage,
  type Message,
  type MessengerGift,
  type Voucher,
} from '@velvet/contracts';
import { useGuest, useLanguage, usePlatform, useTimeZone } from '@velvet/federation';
import { COMMON_NAMESPACE, formatDate } from '@velvet/i18n';
import { formatCurrency } from '@velvet/sdk';
import { Button, ErrorState, OnlineBadge, Spinner } from '@velvet/ui';
import { ActorNote } from './ActorNote';
import { addGift, closestAmount, giftDraft, giftVouchersFor, removeGift, type GiftDraft } from './giftDraft';
import { ToyPanel } from './ToyPanel';

const HISTORY_PAGE = 30;
const PICTURE_TYPES = ['image/jpeg', 'image/png', 'image/webp'];

/** A message the server has not stored yet: it keeps its id, so sending it again never charges twice. */
interface Pending {
  clientMessageId: string;
  text: string;
  gifts: number[];
}

type Notice = { kind: 'funds'; price: number } | { kind: 'refused'; code: ErrorCode };
type OneClickOffer = Omit<IncomingMessage<'oneClick'>, 'type' | 'result'>;

function sendPending(platform: ReturnType<typeof usePlatform>, channelId: number, pending: Pending) {
  platform.bus.send({
    type: 'sendMessage',
    channelId,
    messageType: pending.gifts.length > 0 ? 'gift' : 'text',
    senderType: 'guest',
    isVideochat: false,
    isFreechat: false,
    data: { text: pending.text },
    includedGifts: pending.gifts,
    chatId: null,
    clientMessageId: pending.clientMessageId,
  });
}

/**
 * One conversation (mounted per channel, keyed by its id): its history (older pages on demand), new messages as
 * they arrive, and the composer with gifts and pictures. A message that costs more than the balance waits: the
 * money charge opens (or a one-click top-up of the amount closest to what is missing), and the message goes out
 * under the same id once the balance covers it.
 */
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
  const [catalogue, setCatalogue] = useState<MessengerGift[]>([]);
  const [owned, setOwned] = useState<BoughtGift[]>([]);
  const [vouchers, setVouchers] = useState<Voucher[]>([]);
  const [draft, setDraft] = useState<GiftDraft>(() => giftDraft([]));
  const guestVip = useGuest().flags.vip;
  const [pending, setPending] = useState<Pending | null>(null);
  const [notice, setNotice] = useState<Notice | null>(null);
  const [offer, setOffer] = useState<OneClickOffer | null>(null);
  const [uploading, setUploading] = useState(false);
  // The bus handlers read the latest state without subscribing again on every change.
  const latest = useRef({ pending, notice });
  useEffect(() => {
    latest.current = { pending, notice };
  });

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
        if (error.code === 'NOT_FOUND') return onMissing();
        setFailed(true);
        // The server hears of a conversation a browser could not load (the report's own failure changes nothing).
        void platform.api
          .rest(loggerEndpoints.vxmessengerError, {
            body: { message: `conversation ${channelId} did not load: ${error.code ?? 'no answer'}` },
          })
          .catch(() => undefined);
      });
    void Promise.all([
      platform.api.query(messengerGiftsQuery, { language }),
      platform.api.query(boughtGiftsQuery, {}),
      // Without her vouchers the composer still offers the gifts she owns.
      platform.api.rest(accountEndpoints.benefits).catch(() => ({ vouchers: [] as Voucher[] })),
    ]).then(([gifts, bought, benefits]) => {
      if (!active) return;
      setCatalogue(gifts.messengerGifts);
      setOwned(bought.boughtGifts);
      setVouchers(benefits.vouchers);
    });
    return () => {
      active = false;
    };
  }, [platform, channelId, onMissing, language]);

  useEffect(() => {
    // A message seen before comes again when it changed (a toy control's state): it takes its place.
    const arrived = (message: Message) =>
      setMessages((current) =>
        current.some((m) => m.id === message.id)
          ? current.map((m) => (m.id === message.id ? message : m))
          : [...current, message],
      );
    const subscriptions = [
      platform.bus.on('channel').subscribe((update) => {
        if (update.channel.id !== channelId) return;
        setChannel(update.channel);
        if (!update.message) return;
        arrived(update.message);
        if (
          update.message.clientMessageId &&
          update.message.clientMessageId === latest.current.pending?.clientMessageId
        ) {
          setPending(null);
          setNotice(null);
          setText('');
        }
      }),
      platform.bus.on('messagePrice').subscribe((terms) => {
        if (terms.channelId !== channelId) return;
        setChannel(
          (c) =>
            c && {
              ...c,
              messagePrice: terms.messagePrice,
              freeMessagesAmount: terms.freeMessagesAmount,
              isMessagingFree: terms.isMessagingFree,
            },
        );
        if (terms.clientMessageId === null || terms.clientMessageId !== latest.current.pending?.clientMessageId) return;
        setNotice({ kind: 'funds', price: terms.messagePrice });
        platform.bus.send({ type: 'canOneClick' });
        platform.ui.open('moneyCharge');
      }),
      platform.bus.on('messageRefused').subscribe((refusal) => {
        if (refusal.clientMessageId !== latest.current.pending?.clientMessageId) return;
        setPending(null);
        setNotice({ kind: 'refused', code: refusal.errorCode });
      }),
      // Topped up: the waiting message goes out under its id once the balance covers it.
      platform.bus.on('guestBalance').subscribe(({ balance }) => {
        const { pending: waiting, notice: shown } = latest.current;
        if (waiting && shown?.kind === 'funds' && Math.round(balance * 100) >= shown.price)
          sendPending(platform, channelId, waiting);
      }),
      platform.bus.on('oneClick').subscribe(({ type: _type, result: _result, ...next }) => setOffer(next)),
      // A gift message went out: what she owns changed, and a voucher may have paid.
      platform.bus.on('boughtGifts').subscribe(({ boughtGifts }) => {
        setOwned(boughtGifts);
        void platform.api
          .rest(accountEndpoints.benefits)
          .then((benefits) => setVouchers(benefits.vouchers))
          .catch(() => undefined);
      }),
      platform.bus
        .on('actorOnline')
        .subscribe(({ actorId }) => setChannel((c) => (c?.actorId === actorId ? { ...c, isActorOnline: true } : c))),
      platform.bus
        .on('actorOffline')
        .subscribe(({ actorId }) => setChannel((c) => (c?.actorId === actorId ? { ...c, isActorOnline: false } : c))),
    ];
    return () => subscriptions.forEach((s) => s.unsubscribe());
  }, [platform, channelId]);

  // Gifts the guest may send: VIP gifts only for VIP members.
  const catalogueIds = useMemo(
    () => new Set(catalogue.filter((gift) => guestVip || !gift.vip).map((gift) => gift.id)),
    [catalogue, guestVip],
  );
  const actorId = channel?.actorId;
  const giftVouchers = useMemo(
    () => (actorId === undefined ? 0 : giftVouchersFor(vouchers, actorId)),
    [vouchers, actorId],
  );
  // A new draft whenever what she owns or her vouchers change (loaded, or a gift message went out): adjusted while
  // rendering, as React advises for state that follows other state.
  const [draftOf, setDraftOf] = useState({ owned, giftVouchers });
  if (draftOf.owned !== owned || draftOf.giftVouchers !== giftVouchers) {
    setDraftOf({ owned, giftVouchers });
    setDraft(giftDraft(owned, giftVouchers));
  }
  /** The gifts offered in the composer: those she owns, and with a voucher every gift she may send. */
  const offered = catalogue.filter(
    (gift) =>
      catalogueIds.has(gift.id) &&
      (giftVouchers > 0 || owned.some((bought) => bought.giftId === gift.id && bought.count > 0)),
  );

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
    if (!trimmed && draft.included.length === 0) return;
    const next = { clientMessageId: crypto.randomUUID(), text: trimmed, gifts: draft.included };
    setNotice(null);
    setPending(next);
    sendPending(platform, channelId, next);
  };

  const choosePicture = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    // Too large is told before the upload; the type is the server's to judge, by what the file holds.
    if (file.size > MESSENGER_IMAGE_MAX_BYTES) return setNotice({ kind: 'refused', code: 'PAYLOAD_TOO_LARGE' });
    const form = new FormData();
    form.append('file', file, file.name);
    setUploading(true);
    setNotice(null);
    try {
      const answer = await platform.api.rest(messengerEndpoints.sendImage, {
        params: { channelId },
        form,
        idempotencyKey: crypto.randomUUID(),
      });
      setChannel(answer.channel);
      setMessages((current) =>
        current.some((m) => m.id === answer.message.id) ? current : [...current, answer.message],
      );
    } catch (error) {
      const code = (error as { code?: ErrorCode }).code ?? 'UNKNOWN';
      if (code === 'INSUFFICIENT_FUNDS') {
        setNotice({ kind: 'funds', price: channel?.messagePrice ?? 0 });
        platform.ui.open('moneyCharge');
      } else setNotice({ kind: 'refused', code });
    } finally {
      setUploading(false);
    }
  };

  /** A performer's picture, clip or audio message paid to open; too little money opens the money charge. */
  const openMedia = async (messageId: number) => {
    setNotice(null);
    try {
      const { message: opened } = await platform.api.rest(messengerEndpoints.openMessage, {
        params: { messageId },
        idempotencyKey: crypto.randomUUID(),
      });
      setMessages((current) => current.map((m) => (m.id === opened.id ? opened : m)));
    } catch (error) {
      const code = (error as { code?: ErrorCode }).code ?? 'UNKNOWN';
      if (code === 'INSUFFICIENT_FUNDS') platform.ui.open('moneyCharge');
      setNotice({ kind: 'refused', code });
    }
  };

  const chargeOneClick = (amount: number) =>
    platform.bus.send({ type: 'chargeOneClick', amount, channelId, requestId: crypto.randomUUID() });

  /** A system message in the guest's words: what it is about comes as its data (a chat's length, a top-up). */
  const systemText = ({ messageType, data }: Message, name: string) => {
    const value = (key: string) => Number(data?.[key] ?? 0);
    const seconds = value('durationSeconds');
    return t([`system.${messageType}`, 'system.other'], {
      name,
      minutes: Math.floor(seconds / 60),
      seconds: seconds % 60,
      price: formatCurrency(value('billedAmount'), 'VXC', language),
      amount: formatCurrency(value('amount'), 'EUR', language),
      coins: formatCurrency(value('coins'), 'VXC', language),
    });
  };

  if (failed) return <ErrorState title={t('errorTitle', { ns: COMMON_NAMESPACE })} />;
  if (!channel) return <Spinner label={t('loading', { ns: COMMON_NAMESPACE })} />;
  const price = formatCurrency(channel.messagePrice, 'VXC', language);
  // EUR cents a one-click top-up needs at least to pay the waiting message (4 coins a euro).
  const oneClickAmount =
    notice?.kind === 'funds' && offer?.isPaying
      ? closestAmount(offer.amounts, Math.ceil(notice.price / COINS_PER_EUR))
      : null;
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
        <Button
          variant="ghost"
          size="small"
          onClick={() => platform.bus.send({ type: 'blockChannel', channelId, status: !channel.blocked })}
        >
          {channel.blocked ? t('conversation.unblock') : t('conversation.block')}
        </Button>
      </header>
      <ActorNote actorId={channel.actorId} />
      {hasMore ? (
        <Button variant="secondary" size="small" onClick={() => void loadOlder()}>
          {t('conversation.older')}
        </Button>
      ) : null}
      <ol className="mf-messenger__messages">
        {messages.map((message) => (
          <li key={message.id} data-sender={message.senderType} data-type={message.messageType}>
            {message.senderType === 'system' ? <p>{systemText(message, channel.actorName)}</p> : null}
            {message.messageType === 'toy_control' ? (
              <p>
                {t(`toy.message.${String(message.data?.state ?? 'available')}`, {
                  name: channel.actorName,
                  intensity: Number(message.data?.intensity ?? 1),
                })}
              </p>
            ) : null}
            {message.text ? <p>{message.text}</p> : null}
            {message.gifts.map((gift, index) => (
              <span key={`${gift.id}-${index}`} className="mf-messenger__gift">
                <img src={gift.imageUrl} alt="" width={48} height={48} /> {gift.name}
              </span>
            ))}
            {message.imageUrl ? (
              <MessageMedia message={message} url={message.imageUrl} />
            ) : message.openPrice > 0 ? (
              <Button variant="secondary" size="small" onClick={() => void openMedia(message.id)}>
                {t('conversation.open', {
                  context: message.mediaType ?? 'bitmap',
                  price: formatCurrency(message.openPrice, 'VXC', language),
                })}
              </Button>
            ) : null}
            <time dateTime={message.created}>
              {formatDate(message.created, language, { dateStyle: 'short', timeStyle: 'short', timeZone })}
            </time>
          </li>
        ))}
        {pending && notice?.kind === 'funds' ? (
          <li data-sender="guest" data-pending="true">
            <p>{pending.text}</p>
            <small>{t('composer.waiting')}</small>
          </li>
        ) : null}
      </ol>
      {channel.blocked ? null : <ToyPanel actorId={channel.actorId} />}
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
          {offered.length > 0 ? (
            <fieldset className="mf-messenger__gifts">
              <legend>{t('gifts.yours')}</legend>
              {giftVouchers > 0 ? <p>{t('gifts.vouchers', { count: draft.vouchers })}</p> : null}
              {offered.map((gift) => {
                const added = draft.included.filter((id) => id === gift.id).length;
                const left = (draft.available[gift.id] ?? 0) + draft.vouchers;
                return (
                  <span key={gift.id}>
                    <Button
                      variant="secondary"
                      size="small"
                      disabled={left <= 0}
                      onClick={() => setDraft((d) => addGift(d, gift.id, catalogueIds))}
                    >
                      {t('gifts.add', { name: gift.name, count: left })}
                    </Button>
                    {added > 0 ? (
                      <Button
                        variant="ghost"
                        size="small"
                        onClick={() => setDraft((d) => removeGift(d, gift.id, owned))}
                      >
                        {t('gifts.remove', { name: gift.name, count: added })}
                      </Button>
                    ) : null}
                  </span>
                );
              })}
            </fieldset>
          ) : null}
          <p className="mf-messenger__terms">
            {channel.isMessagingFree
              ? t('composer.free')
              : channel.freeMessagesAmount > 0
                ? t('composer.freeLeft', { count: channel.freeMessagesAmount })
                : t('composer.price', { price })}
          </p>
          {notice?.kind === 'funds' ? (
            <div role="alert">
              <p>{t('composer.needCoins', { price: formatCurrency(notice.price, 'VXC', language) })}</p>
              {oneClickAmount !== null ? (
                <Button onClick={() => chargeOneClick(oneClickAmount)}>
                  {t('composer.oneClick', { amount: formatCurrency(oneClickAmount, 'EUR', language) })}
                </Button>
              ) : (
                <Button onClick={() => platform.ui.open('moneyCharge')}>{t('composer.buyCoins')}</Button>
              )}
            </div>
          ) : notice?.kind === 'refused' ? (
            <p role="alert">{t([`errors.${notice.code}`, 'errors.other'])}</p>
          ) : null}
          <label className="mf-messenger__file">
            {t('composer.picture')}
            <input
              type="file"
              accept={PICTURE_TYPES.join(',')}
              disabled={uploading}
              onChange={(event) => void choosePicture(event)}
            />
          </label>
          <Button
            type="submit"
            busy={pending !== null && notice === null}
            disabled={!text.trim() && draft.included.length === 0}
          >
            {t('composer.send')}
          </Button>
        </form>
      )}
      <GiftShop catalogue={catalogue} />
    </section>
  );
}

/** A message's picture, clip or audio message, at its signed address. */
function MessageMedia({ message, url }: { message: Message; url: string }) {
  const { t } = useTranslation();
  if (message.mediaType === 'video')
    return (
      <video
        className="mf-messenger__picture"
        src={url}
        controls
        preload="metadata"
        aria-label={t('conversation.clip')}
      />
    );
  if (message.mediaType === 'audio')
    return <audio src={url} controls preload="metadata" aria-label={t('conversation.audio')} />;
  return <img className="mf-messenger__picture" src={url} alt={t('conversation.picture')} />;
}

/** The catalogue to buy gifts from (VIP gifts marked); a bought gift joins the guest's gifts by the push. */
function GiftShop({ catalogue }: { catalogue: MessengerGift[] }) {
  const platform = usePlatform();
  const { t } = useTranslation();
  const language = useLanguage();
  const [failure, setFailure] = useState<ErrorCode | null>(null);
  const buy = async (gift: MessengerGift) => {
    setFailure(null);
    try {
      await platform.api.rest(messengerEndpoints.buyGift, {
        params: { giftId: gift.id },
        body: { count: 1 },
        idempotencyKey: crypto.randomUUID(),
      });
    } catch (error) {
      const code = (error as { code?: ErrorCode }).code ?? 'UNKNOWN';
      setFailure(code);
      if (code === 'INSUFFICIENT_FUNDS') platform.ui.open('moneyCharge');
    }
  };
  if (catalogue.length === 0) return null;
  return (
    <section className="mf-messenger__shop" aria-label={t('gifts.shop')}>
      <h3>{t('gifts.shop')}</h3>
      <ul>
        {catalogue.map((gift) => (
          <li key={gift.id}>
            <img src={gift.imageUrl} alt="" width={48} height={48} />
            <span>{gift.name}</span>
            {gift.vip ? <small>{t('gifts.vip')}</small> : null}
            <Button size="small" variant="secondary" onClick={() => void buy(gift)}>
              {t('gifts.buy', { name: gift.name, price: formatCurrency(gift.price.value, 'VXC', language) })}
            </Button>
          </li>
        ))}
      </ul>
      {failure ? <p role="alert">{t([`errors.${failure}`, 'errors.other'])}</p> : null}
    </section>
  );
}
