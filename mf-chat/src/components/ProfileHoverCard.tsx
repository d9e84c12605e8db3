import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { chatEndpoints } from '@velvet/contracts';
import { useGuestKey, useLanguage, useLoaded, usePlatform } from '@velvet/federation';
import { formatChatPrice } from '../format';

/**
 * A performer tile with its hover card: while the pointer is over the tile (or the focus in it) her profile
 * preview (`phoenix/get_profile_preview`) lies over the avatar: her three words, rating, chat price and first
 * sedcards. It loads at the first hover and is kept; it takes no clicks, so the tile's link stays under it, and it
 * stays inside the tile's box.
 */
export function ProfileHoverCard({ actorId, children }: { actorId: number; children: ReactNode }) {
  const [open, setOpen] = useState(false);
  return (
    <div
      className="mf-chat-hover"
      onMouseEnter={() => setOpen(true)}
      onMouseLeave={() => setOpen(false)}
      onFocus={() => setOpen(true)}
      onBlur={(event) => {
        if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setOpen(false);
      }}
    >
      {children}
      {open ? <HoverCard actorId={actorId} /> : null}
    </div>
  );
}

function HoverCard({ actorId }: { actorId: number }) {
  const { t } = useTranslation();
  const { api } = usePlatform();
  const language = useLanguage();
  const guestKey = useGuestKey();
  const preview = useLoaded(`profilePreview/${actorId}/${language}/${guestKey}`, () =>
    api.rest(chatEndpoints.profilePreview, { params: { actorId }, query: { language } }),
  );
  const card = preview.data;
  if (!card) return null;
  return (
    <div className="mf-chat-hover__card" data-testid="profile-hover-card" aria-hidden="true">
      {card.threeWords ? <p className="mf-chat-hover__words">{card.threeWords}</p> : null}
      <p>
        {card.rating
          ? t('profile.rating', { average: card.rating.average, count: card.rating.count })
          : t('profile.noRatingYet')}
      </p>
      <p>
        {formatChatPrice(card.videoChatPrice)}
        {t('chat.perMinute')}
      </p>
      {card.sedcards.length > 0 ? (
        <div className="mf-chat-hover__sedcards">
          {card.sedcards.map((sedcard) => (
            <img key={sedcard.id} src={sedcard.url} width={sedcard.width} height={sedcard.height} alt="" />
          ))}
        </div>
      ) : null}
    </div>
  );
}
