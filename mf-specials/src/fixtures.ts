import {
  addDaysToDate,
  dailyBonusDayEnd,
  dateInZone,
  type BlogPostTeaser,
  type Clash,
  type Contest,
  type ContestGridItem,
  type DailyBonus,
  type DailyBonusOffer,
  type Spinwheel,
} from '@velvet/contracts';

/** Test data shaped by the contracts (REST fixtures are parsed with the endpoint schemas by the mock platform). */
export function offerFixture(id: number, date: string, overrides: Partial<DailyBonusOffer> = {}): DailyBonusOffer {
  return {
    id,
    date,
    offer: 'TopUpPercent',
    title: `Offer ${id}`,
    description: `Description ${id}`,
    imageUrl: `/media/specials/daily-bonus/${id}.webp`,
    conditions: [{ name: 'minTopUp', value: '2000' }],
    effect: { name: 'topUpBonus', value: 20, unit: 'percent', code: 'DAILY20' },
    quantity: 100,
    purchased: 40,
    free: false,
    content: null,
    dailyBonusPrice: null,
    ...overrides,
  };
}

export function dailyBonusFixture(now: Date): DailyBonus {
  const today = dateInZone(now);
  return {
    timeZone: 'Europe/Berlin',
    today,
    endsAt: dailyBonusDayEnd(today).toISOString(),
    consumedOffers: [],
    days: [0, 1, 2].map((day) => ({
      date: addDaysToDate(today, day),
      bonusModels:
        day === 0 ? [{ id: 7, name: 'lana', displayName: 'Lana', avatarUrl: '/media/lana.webp', isOnline: true }] : [],
      offers: [
        offerFixture(
          day * 10 + 1,
          addDaysToDate(today, day),
          day === 1
            ? {
                offer: 'video',
                title: 'Video of the day',
                dailyBonusPrice: { value: 1996, currency: 'VXC' },
                conditions: [],
              }
            : {},
        ),
      ],
    })),
  };
}

export function contestFixture(id: number, overrides: Partial<Contest> = {}): Contest {
  return {
    id,
    type: 'photo',
    title: `Contest ${id}`,
    description: `About contest ${id}`,
    previewUrl: `/media/specials/contests/${id}/header.webp`,
    start: '2026-11-01T10:00:00.000Z',
    end: '2026-12-10T10:00:00.000Z',
    isActive: true,
    entryCount: 25,
    ...overrides,
  };
}

export function gridItemFixture(mediaId: number, overrides: Partial<ContestGridItem> = {}): ContestGridItem {
  return {
    itemHash: `1-${mediaId}`,
    mediaId,
    albumId: null,
    actorId: mediaId,
    actorName: `performer${mediaId}`,
    actorDisplayName: `Performer ${mediaId}`,
    title: `Entry ${mediaId}`,
    previewUrl: `/media/specials/contests/1/${mediaId}.webp`,
    width: 320,
    height: 427,
    mediaVotes: 10,
    place: null,
    ...overrides,
  };
}

export function postFixture(id: number, categoryId = 45): BlogPostTeaser {
  return {
    id,
    slug: `post-${id}`,
    categoryId,
    title: `Post ${id}`,
    teaser: `Teaser ${id}`,
    imageUrl: `/media/specials/blog/${id}.webp`,
    imageWidth: 640,
    imageHeight: 360,
    published: '2026-11-20T10:00:00.000Z',
    featured: false,
  };
}

const person = (id: number, captain: boolean) => ({
  id,
  name: `performer${id}`,
  displayName: `Performer ${id}`,
  online: captain ? true : null,
  avatarUrl: `/media/actors/${id}/avatar.webp`,
  age: 25,
});

export const clashFixture: Clash = {
  id: 1,
  name: 'Clash of Cams: Fire vs. Ice',
  start: '2026-11-15T10:00:00.000Z',
  end: '2026-11-28T10:00:00.000Z',
  themeId: 1,
  teams: [
    { id: 1, name: 'Team Fire', points: 3, teamCaptain: person(1, true), member: [person(2, false)] },
    { id: 2, name: 'Team Ice', points: 0, teamCaptain: person(3, true), member: [person(4, false)] },
  ],
  challenges: [
    {
      id: 1,
      name: 'outfit',
      type: 'photo',
      start: '2026-11-16T10:00:00.000Z',
      end: '2026-11-19T10:00:00.000Z',
      clashId: 1,
      title: 'Outfit duel',
      subTitle: 'Round 1',
      description: 'Which team has the hotter outfit?',
      previewPicture: '/media/specials/clash/1.webp',
      winnerAdmin: null,
      winnerVoting: 1,
      winner: 1,
      votable: false,
      moderator: { name: 'Velvet', previewPicture: '/media/specials/clash/1.webp' },
      teams: [
        { id: 1, votes: { teamId: 1, votes: 120, hasVoted: false }, media: [] },
        { id: 2, votes: { teamId: 2, votes: 80, hasVoted: false }, media: [] },
      ],
    },
    {
      id: 2,
      name: 'dance',
      type: 'video',
      start: '2026-11-20T10:00:00.000Z',
      end: '2026-11-24T10:00:00.000Z',
      clashId: 1,
      title: 'Dance duel',
      subTitle: 'Round 2',
      description: 'One song, two teams.',
      previewPicture: '/media/specials/clash/2.webp',
      winnerAdmin: null,
      winnerVoting: null,
      winner: null,
      votable: true,
      moderator: { name: 'Velvet', previewPicture: '/media/specials/clash/2.webp' },
      teams: [
        {
          id: 1,
          votes: { teamId: 1, votes: 30, hasVoted: false },
          media: [
            {
              type: 'image',
              src: '/media/c/1.webp',
              srcH5Live: null,
              previewPicture: '/media/c/1.webp',
              mediaId: 201,
              actorIds: [1],
            },
          ],
        },
        { id: 2, votes: { teamId: 2, votes: 10, hasVoted: false }, media: [] },
      ],
    },
  ],
};

export function spinwheelFixture(guest: Spinwheel['guest']): Spinwheel {
  return {
    type: 'default',
    segments: [
      { id: 1, rewardType: 'freeSpins', value: 1, label: '1 free spins' },
      { id: 2, rewardType: 'bonus', value: 50, label: '50 bonus coins' },
      { id: 3, rewardType: 'blank', value: 0, label: 'no win' },
    ],
    monthlyRewards: [
      { id: 1, type: 'freeSpins', requiredPoints: 100, value: 1, isRedeemed: false, isRedeemable: false },
    ],
    guest,
  };
}
