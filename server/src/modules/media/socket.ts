import type { ModuleContext, SocketClient } from '../module';
import { HttpError } from '../../http/endpoint';
import { setPicturePinned } from './gallery';
import { setPinned } from './library';

/**
 * Pinning videos, albums and single pictures over the socket (spec: favourite pin and unpin of albums and photos).
 * Only logged-in guests count; the change is answered to all of the guest's tabs.
 */
export function mediaSocket({ db, hub, log }: ModuleContext): void {
  const pin =
    (pinned: boolean) => async (message: { albumId: number; mediaType: 'VIDEO' | 'PHOTO' }, client: SocketClient) => {
      if (!client.auth?.loggedIn) return;
      const { guestId } = client.auth;
      try {
        await setPinned(db, guestId, message.mediaType, message.albumId, pinned);
      } catch (error) {
        if (!(error instanceof HttpError)) throw error;
        log.info(
          { albumId: message.albumId, mediaType: message.mediaType },
          'pin of an unknown video or album ignored',
        );
        return;
      }
      hub.sendToGuest(guestId, {
        type: 'favoriteAlbum',
        albumId: message.albumId,
        mediaType: message.mediaType,
        pinned,
      });
    };
  const pinPicture = (pinned: boolean) => async (message: { pictureId: number }, client: SocketClient) => {
    if (!client.auth?.loggedIn) return;
    const { guestId } = client.auth;
    try {
      await setPicturePinned(db, guestId, message.pictureId, pinned);
    } catch (error) {
      if (!(error instanceof HttpError)) throw error;
      log.info({ pictureId: message.pictureId }, 'pin of an unknown picture ignored');
      return;
    }
    hub.sendToGuest(guestId, { type: 'favoritePicture', pictureId: message.pictureId, pinned });
  };
  hub.on('favoritePinAlbum', pin(true));
  hub.on('favoriteUnpinAlbum', pin(false));
  hub.on('favoritePinPicture', pinPicture(true));
  hub.on('favoriteUnpinPicture', pinPicture(false));
}
