import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ALBUM_RATING, type AlbumRatingResult } from '@velvet/contracts';
import { useLoggedIn, usePlatform } from '@velvet/federation';
import { Button } from '@velvet/ui';

type Rating = Pick<AlbumRatingResult, 'guestRatingLikes' | 'guestRatingDislikes' | 'isLiked' | 'isDisliked'>;

/**
 * Like and dislike of an album or a performer's sedcards: toggles, with the counters the server answers.
 * Visitors are asked to log in.
 */
export function AlbumRating({
  initial,
  rate: send,
}: {
  initial: Rating;
  rate: (guestRating: 1 | 5) => Promise<AlbumRatingResult>;
}) {
  const { t } = useTranslation();
  const { ui } = usePlatform();
  const loggedIn = useLoggedIn();
  const [rating, setRating] = useState<Rating>(initial);
  const [busy, setBusy] = useState(false);
  const rate = async (guestRating: 1 | 5) => {
    if (!loggedIn) return ui.open('login');
    setBusy(true);
    try {
      setRating(await send(guestRating));
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
