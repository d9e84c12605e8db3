import type { FeedPost } from '@velvet/contracts';

export function postFixture(id: number, overrides: Partial<FeedPost> = {}): FeedPost {
  return {
    id: String(id),
    created: '2026-11-01T10:00:00.000Z',
    published: new Date(Date.UTC(2026, 10, 1) - id * 3600_000).toISOString(),
    type: 'PHOTOS',
    status: 'ONLINE',
    pinned: false,
    title: `Post ${id}`,
    text: `Text of post ${id}`,
    views: 10,
    likes: 5,
    paidContent: false,
    fsk: 18,
    priceCoins: 0,
    contestId: null,
    model: {
      id: String(100 + (id % 3)),
      name: `Model${id % 3}`,
      online: id % 2 === 0,
      avatar: `/media/actors/${id % 3}/avatar.webp`,
    },
    tippingGoal: null,
    guestState: { liked: false, viewed: false, following: false, bought: false },
    comments: { totalCount: 0, nodes: [] },
    clip: null,
    photoCount: 1,
    photos: [
      {
        id: `${id}-1`,
        url: `/media/feed/posts/${id}/photo-0.webp`,
        srcSet: '',
        width: 480,
        height: 600,
        avsRequired: false,
      },
    ],
    ...overrides,
  };
}
