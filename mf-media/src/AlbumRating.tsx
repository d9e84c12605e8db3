import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ALBUM_RATING, mediaEndpoints, type Album } from '@velvet/contracts';
import { useLoggedIn, usePlatform } from '@velvet/federation';
import { Button } from '@velvet/ui';

type Rating = Pick<Album, 'guestRatingLikes' | 'guestRatingDislikes' | 'isLiked' | 'isDisliked'>;

/** Like and dislike of an album: toggles, with the counters the server answers. Visitors are asked to log in. */
export function AlbumRating({ album }: { album: Album }) {
  const { t } = useTranslation();
  const { api, ui } = usePlatform();
  const loggedIn = useLoggedIn();
  const [rating, setRating] = useState<Rating>(album);
  const [busy, setBusy] = useState(false);
  const rate = async (guestRating: 1 | 5) => {
    if (!loggedIn) return ui.open('login');
    setBusy(true);
    try {
      setRating(await api.rest(mediaEndpoints.albumRating, { body: { albumId: album.id, guestRating } }));
    } catch {
      ui.toast(t('album.ratingFailed'), 'error');
    } finally {
      setBusy(false);
    }
  };
  return (
    <div className="mf-media-rating" role="group" aria-label={t('album.rating')}>
      <Button
        variant="secondary"
        size="small"
        aria-pressed={rating.isLiked}
        busy={busy}
        onClick={() => rate(ALBUM_RATING.like)}
      >
        {t('album.like', { count: rating.guestRatingLikes })}
      </Button>
      <Button
        variant="secondary"
        size="small"
        aria-pressed={rating.isDisliked}
        busy={busy}
        onClick={() => rate(ALBUM_RATING.dislike)}
      >
        {t('album.dislike', { count: rating.guestRatingDislikes })}
      </Button>
    </div>
  );
}
