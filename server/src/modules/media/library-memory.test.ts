import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { ALBUM_RATING, type MediathekItem, type Page } from '@velvet/contracts';
import { KEPT_GUEST_CHANGED } from '../auth/guests';
import type { TestApp } from '../../testing/app';
import { onEachDatabase } from '../../testing/databases';
import { MEDIATHEK_CHANGED, setPinned } from './library';
import { albums, mediaLibrary, videos } from './schema';

function keptLibraryPages(database: string, open: () => Promise<TestApp>, skip: string | false) {
  describe(`a guest's media library pages kept in memory on ${database}`, { skip }, () => {
    let t: TestApp;
    before(async () => {
      t = await open();
    });
    after(() => t?.close());

    test('a kept page answers until she changes her library or another process announces a change', async (c) => {
      c.after(t.holdClock());
      const [first, second, third, fourth] = await t.ctx.db.select({ id: videos.id }).from(videos).limit(4);
      const [album] = await t.ctx.db.select({ id: albums.id }).from(albums).limit(1);
      const { accessToken, guest } = await t.signup();
      const page = async () =>
        (await t.rest('GET', '/mediathek/items?page=1', accessToken)).json<Page<MediathekItem>>();
      // Written behind this process's back, as another server process writes it.
      const pinElsewhere = (videoId: number) =>
        t.ctx.db.insert(mediaLibrary).values({ guestId: guest.id, mediaType: 'VIDEO', videoId, source: 'PINNED' });

      assert.equal((await page()).total, 0);
      await pinElsewhere(first!.id);
      assert.equal((await page()).total, 0, 'the kept page still answers');
      t.ctx.bus.publish(MEDIATHEK_CHANGED, guest.id);
      assert.equal((await page()).total, 1, "another process's announcement forgets it");

      await pinElsewhere(second!.id);
      assert.equal((await page()).total, 1);
      assert.equal(await setPinned(t.ctx.db, guest.id, 'VIDEO', third!.id, true), true);
      assert.equal((await page()).total, 3, 'her own change shows at once');

      await pinElsewhere(fourth!.id);
      t.ctx.bus.publish(KEPT_GUEST_CHANGED, guest.id);
      assert.equal((await page()).total, 4, 'a change of her row (age gate, VIP) forgets it too');

      assert.equal(await setPinned(t.ctx.db, guest.id, 'PHOTO', album!.id, true), true);
      const pinnedAlbum = async () => (await page()).items.find((item) => item.mediaType === 'PHOTO')!.album!;
      assert.equal((await pinnedAlbum()).isLiked, false);
      const rated = await t.rest('POST', '/gallery/setGuestRating', accessToken, {
        albumId: album!.id,
        guestRating: ALBUM_RATING.like,
      });
      assert.equal(rated.statusCode, 200, rated.body);
      assert.equal((await pinnedAlbum()).isLiked, true, 'her rating shows at once');
    });
  });
}

await onEachDatabase(keptLibraryPages, { seedScale: 0.02 });
