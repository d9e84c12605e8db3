import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { MediathekMediaType } from '@velvet/contracts';
import { useLoggedIn, usePlatform } from '@velvet/federation';
import { Button } from '@velvet/ui';

/** What a pin button pins: a video or album to the media library, or a single album picture. */
export type PinTarget = { mediaType: MediathekMediaType; mediaId: number } | { pictureId: number };

/**
 * Pins over the socket (favourite pin / unpin); the state follows the server's favoriteAlbum or
 * favoritePicture answer, which reaches every tab of the guest.
 */
export function PinButton({
  target,
  pinned: initial,
  labels,
}: {
  target: PinTarget;
  pinned: boolean;
  /** Texts naming what is pinned, where a page has several pin buttons. */
  labels?: { pin: string; unpin: string };
}) {
  const { t } = useTranslation();
  const { bus, ui } = usePlatform();
  const loggedIn = useLoggedIn();
  const [pinned, setPinned] = useState(initial);
  const [busy, setBusy] = useState(false);
  const pictureId = 'pictureId' in target ? target.pictureId : null;
  const media = 'mediaId' in target ? target : null;
  const mediaId = media?.mediaId;
  const mediaType = media?.mediaType;
  useEffect(() => {
    const answered = (now: boolean) => {
      setPinned(now);
      setBusy(false);
    };
    const subscription =
      pictureId !== null
        ? bus.on('favoritePicture').subscribe((message) => {
            if (message.pictureId === pictureId) answered(message.pinned);
          })
        : bus.on('favoriteAlbum').subscribe((message) => {
            if (message.albumId === mediaId && message.mediaType === mediaType) answered(message.pinned);
          });
    return () => subscription.unsubscribe();
  }, [bus, pictureId, mediaId, mediaType]);
  const toggle = () => {
    if (!loggedIn) return ui.open('login');
    setBusy(true);
    if (pictureId !== null) {
      bus.send({ type: pinned ? 'favoriteUnpinPicture' : 'favoritePinPicture', pictureId });
    } else if (media) {
      bus.send({
        type: pinned ? 'favoriteUnpinAlbum' : 'favoritePinAlbum',
        albumId: media.mediaId,
        mediaType: media.mediaType,
      });
    }
  };
  return (
    <Button variant="secondary" size="small" aria-pressed={pinned} busy={busy} onClick={toggle}>
      {pinned ? (labels?.unpin ?? t('pin.unpin')) : (labels?.pin ?? t('pin.pin'))}
    </Button>
  );
}
