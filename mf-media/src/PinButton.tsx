import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { MediathekMediaType } from '@velvet/contracts';
import { useLoggedIn, usePlatform } from '@velvet/federation';
import { Button } from '@velvet/ui';

/**
 * Pins a video or album to the media library over the socket (favourite pin / unpin); the state follows the
 * server's favoriteAlbum answer, which reaches every tab of the guest.
 */
export function PinButton({
  mediaType,
  mediaId,
  pinned: initial,
}: {
  mediaType: MediathekMediaType;
  mediaId: number;
  pinned: boolean;
}) {
  const { t } = useTranslation();
  const { bus, ui } = usePlatform();
  const loggedIn = useLoggedIn();
  const [pinned, setPinned] = useState(initial);
  const [busy, setBusy] = useState(false);
  useEffect(() => {
    const subscription = bus.on('favoriteAlbum').subscribe((message) => {
      if (message.albumId !== mediaId || message.mediaType !== mediaType) return;
      setPinned(message.pinned);
      setBusy(false);
    });
    return () => subscription.unsubscribe();
  }, [bus, mediaId, mediaType]);
  const toggle = () => {
    if (!loggedIn) return ui.open('login');
    setBusy(true);
    bus.send({ type: pinned ? 'favoriteUnpinAlbum' : 'favoritePinAlbum', albumId: mediaId, mediaType });
  };
  return (
    <Button variant="secondary" size="small" aria-pressed={pinned} busy={busy} onClick={toggle}>
      {pinned ? t('pin.unpin') : t('pin.pin')}
    </Button>
  );
}
