import {
  VIDEO_GRID_PAGE_SIZE,
  videoCategoryDefaults,
  type Album,
  type AlbumSummary,
  type PinnedPhoto,
  type Sedcards,
  type TileGridSettings,
  type Video,
  type VideoGridRequest,
  type VideoPage,
} from '@velvet/contracts';

export function makeVideo(id: number, overrides: Partial<Video> = {}): Video {
  return {
    id,
    title: `Video ${id}`,
    description: `About video ${id}`,
    duration: 754,
    ageRating: 18,
    needAgeCheck: false,
    vip: false,
    isVip30Offer: false,
    free: false,
    new: false,
    classic: false,
    camRecording: false,
    guestInfo: { bought: false, gifted: false, flatrate: false, liked: false, pinned: false },
    price: { value: 999, currency: 'VXC' },
    basePrice: { value: 999, currency: 'VXC' },
    preview: { url: `/media/videos/${id}/preview.webp`, width: 320, height: 180 },
    previewThumbnails: [],
    rating: { likes: 42 },
    model: { id: 7, name: 'lena', displayName: 'Lena' },
    contestInfo: null,
    tags: ['beach'],
    releasedAt: '2026-11-01T10:00:00.000Z',
    clip: { previewUrl: '/media/clips/clip-1-preview.mp4', streamUrl: `/rest/v1/video/${id}/stream` },
    url: `amateur/lena/videos/${id}`,
    ...overrides,
  };
}

export function makeAlbumSummary(id: number, overrides: Partial<AlbumSummary> = {}): AlbumSummary {
  return {
    id,
    title: `Album ${id}`,
    description: 'Golden hour',
    ageRating: 16,
    needAgeCheck: false,
    free: false,
    isVipContent: false,
    type: 'image',
    actor: { id: 7, name: 'lena', displayName: 'Lena' },
    guestInfo: { bought: false, pinned: false },
    prices: { price: { value: 499, currency: 'VXC' }, basePrice: { value: 499, currency: 'VXC' } },
    previews: [{ url: `/media/albums/${id}/preview.webp`, width: 320, height: 240, orientation: 'landscape' }],
    pictureCount: 2,
    albumTotalViews: 120,
    releasedAt: '2026-10-01T10:00:00.000Z',
    guestRatingLikes: 5,
    guestRatingDislikes: 1,
    isLiked: false,
    isDisliked: false,
    ...overrides,
  };
}

export function makeAlbum(id: number): Album {
  const picture = (n: number) => ({
    id: id * 10 + n,
    url: `/media/albums/${id}/${n}.webp`,
    width: 640,
    height: 480,
    guestRatingLikes: 0,
    guestRatingDislikes: 0,
    isLiked: false,
    isDisliked: false,
    pinned: false,
  });
  return {
    ...makeAlbumSummary(id),
    pictures: [picture(1), picture(2)],
    commentsTotal: 0,
    isGuestAllowedToCommentAlbum: true,
  };
}

/** A grid of `total` videos answering whatever page the request asks for. */
/**
 * The tile grid endpoint as the server answers it: the guest's stored settings under what the payload sets, then the
 * category's defaults.
 */
export function gridHandler(total: number, stored: TileGridSettings = {}) {
  const requests: VideoGridRequest[] = [];
  const handler = (input: unknown) => {
    const { params } = input as { params: { payload: string } };
    const request = JSON.parse(params.payload) as Required<Pick<VideoGridRequest, 'page' | 'type'>> & VideoGridRequest;
    requests.push(request);
    const pageSize = request.pageSize ?? stored.pageSize ?? VIDEO_GRID_PAGE_SIZE;
    const first = (request.page - 1) * pageSize;
    const count = Math.max(0, Math.min(pageSize, total - first));
    const page: VideoPage = {
      items: Array.from({ length: count }, (_, i) => makeVideo(first + i + 1)),
      total,
      page: request.page,
      pageSize,
      category: request.type,
      sort: request.sort ?? stored.sort ?? videoCategoryDefaults(request.type).sort,
    };
    return page;
  };
  return { handler, requests };
}

export function makeSedcards(actorId: number): Sedcards {
  return {
    actor: { id: actorId, name: `actor${actorId}`, displayName: `Actor ${actorId}` },
    pictures: [1, 2].map((n) => ({
      id: actorId * 10 + n,
      url: `/media/actors/${actorId}/sedcard-${n}.webp`,
      width: 640,
      height: 480,
    })),
    albumTotalViews: 0,
    guestRatingLikes: 2,
    guestRatingDislikes: 1,
    isLiked: false,
    isDisliked: false,
  };
}

export function makePinnedPhoto(id: number): PinnedPhoto {
  return {
    id,
    url: `/media/albums/1/${id}.webp`,
    width: 640,
    height: 480,
    albumId: 1,
    albumTitle: 'Album 1',
    actor: { id: 1, name: 'actor1', displayName: 'Actor 1' },
    pinnedAt: '2026-01-01T00:00:00.000Z',
  };
}
