import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import {
  MESSENGER_CONTENT_PAGE_SIZE,
  MESSENGER_MEDIA_TYPES,
  messengerContentQuery,
  messengerEndpoints,
  type ErrorCode,
  type MediathekMediaType,
  type MessengerContentItem,
  type MessengerMediaType,
} from '@velvet/contracts';
import { LoadState, useLanguage, useLoaded, usePagerLabels, usePlatform, useTimeZone } from '@velvet/federation';
import { formatDate } from '@velvet/i18n';
import { formatCurrency } from '@velvet/sdk';
import { Button, EmptyState, Pager } from '@velvet/ui';
import { useViewerKey } from './viewer';

/** What the messenger tab of each library page shows first: clips and audio with the videos, pictures with the photos. */
export const MESSENGER_TAB_TYPES: Record<MediathekMediaType, readonly MessengerMediaType[]> = {
  VIDEO: ['video', 'audio'],
  PHOTO: ['bitmap'],
};

/**
 * The media library's messenger tab: the pictures, clips and audio messages of the guest's conversations (the
 * spec's messenger content, ten a page), filtered by media type and a part of the performer's name. Media still
 * paid to open is opened here as in the conversation: charged once, then shown or played.
 */
export function MessengerMedia({ mediaType }: { mediaType: MediathekMediaType }) {
  const { t } = useTranslation();
  const { api } = usePlatform();
  const pagerLabels = usePagerLabels();
  const viewer = useViewerKey();
  const [types, setTypes] = useState<readonly MessengerMediaType[]>(MESSENGER_TAB_TYPES[mediaType]);
  const [typed, setTyped] = useState('');
  const [search, setSearch] = useState('');
  const [page, setPage] = useState(1);
  const [generation, setGeneration] = useState(0);
  const loaded = useLoaded(
    `mediathek-messenger|${viewer}|${generation}|${types.join()}|${search}|${page}`,
    async () =>
      (
        await api.query(messengerContentQuery, {
          first: MESSENGER_CONTENT_PAGE_SIZE,
          offset: (page - 1) * MESSENGER_CONTENT_PAGE_SIZE,
          filter: { mediaTypes: [...types], ...(search ? { searchString: search } : {}) },
        })
      ).messengerContent,
  );
  const toggle = (type: MessengerMediaType) => {
    const next = types.includes(type) ? types.filter((known) => known !== type) : [...types, type];
    // At least one type stays chosen: no type at all would mean every type.
    if (next.length === 0) return;
    setTypes(MESSENGER_MEDIA_TYPES.filter((known) => next.includes(known)));
    setPage(1);
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setSearch(typed.trim());
    setPage(1);
  };
  return (
    <section className="mf-media-messenger" aria-label={t('mediathek.messenger.title')}>
      <div className="mf-media-library-bar">
        <div role="group" aria-label={t('mediathek.messenger.types')} className="mf-media-library-tabs">
          {MESSENGER_MEDIA_TYPES.map((type) => (
            <Button
              key={type}
              size="small"
              variant={types.includes(type) ? 'primary' : 'secondary'}
              aria-pressed={types.includes(type)}
              onClick={() => toggle(type)}
            >
              {t(`mediathek.messenger.type.${type}`)}
            </Button>
          ))}
        </div>
        <form role="search" onSubmit={submit}>
          <label>
            {t('mediathek.messenger.search')}{' '}
            <input type="search" value={typed} maxLength={100} onChange={(event) => setTyped(event.target.value)} />
          </label>{' '}
          <Button type="submit" size="small" variant="secondary">
            {t('mediathek.messenger.find')}
          </Button>
        </form>
      </div>
      <LoadState loaded={loaded}>
        {(content) =>
          content.items.length === 0 ? (
            <EmptyState title={t('mediathek.messenger.empty')} text={t('mediathek.messenger.emptyText')} />
          ) : (
            <>
              <ul className="mf-media-messenger-list" aria-label={t('mediathek.messenger.title')}>
                {content.items.map((item) => (
                  <ContentItem key={item.messageId} item={item} onOpened={() => setGeneration((g) => g + 1)} />
                ))}
              </ul>
              <Pager
                page={page}
                pageCount={Math.ceil(content.total / MESSENGER_CONTENT_PAGE_SIZE)}
                onChange={setPage}
                labels={pagerLabels}
              />
            </>
          )
        }
      </LoadState>
    </section>
  );
}

function ContentItem({ item, onOpened }: { item: MessengerContentItem; onOpened: () => void }) {
  const { t } = useTranslation();
  const { api, ui } = usePlatform();
  const language = useLanguage();
  const timeZone = useTimeZone();
  const [failure, setFailure] = useState<ErrorCode | null>(null);
  const open = async () => {
    setFailure(null);
    try {
      await api.rest(messengerEndpoints.openMessage, {
        params: { messageId: item.messageId },
        idempotencyKey: crypto.randomUUID(),
      });
      onOpened();
    } catch (error) {
      const code = (error as { code?: ErrorCode }).code ?? 'UNKNOWN';
      if (code === 'INSUFFICIENT_FUNDS') ui.open('moneyCharge');
      setFailure(code);
    }
  };
  const label = t(`mediathek.messenger.type.${item.mediaType}`);
  return (
    <li data-media-type={item.mediaType}>
      <p>
        <strong>{item.actorName}</strong>{' '}
        <time dateTime={item.created}>
          {formatDate(item.created, language, { dateStyle: 'short', timeStyle: 'short', timeZone })}
        </time>
      </p>
      {item.text ? <p>{item.text}</p> : null}
      {item.url === null ? (
        <Button size="small" variant="secondary" onClick={() => void open()}>
          {t('mediathek.messenger.open', { label, price: formatCurrency(item.openPrice, 'VXC', language) })}
        </Button>
      ) : item.mediaType === 'video' ? (
        <video src={item.url} controls preload="metadata" aria-label={label} />
      ) : item.mediaType === 'audio' ? (
        <audio src={item.url} controls preload="metadata" aria-label={label} />
      ) : (
        <img src={item.url} alt={label} loading="lazy" />
      )}
      {failure ? (
        <p role="alert">
          {t(failure === 'INSUFFICIENT_FUNDS' ? 'mediathek.messenger.noCoins' : 'mediathek.messenger.failed')}
        </p>
      ) : null}
    </li>
  );
}
