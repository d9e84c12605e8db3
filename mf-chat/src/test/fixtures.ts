import { chatEndpoints, type ActorListItem, type ActorListPage, type ActorProfile } from '@velvet/contracts';

/** Fixtures parsed with the contract's schemas, so they cannot drift from what the server sends. */
export function actorItem(id: number, overrides: Partial<ActorListItem> = {}): ActorListItem {
  const isOnline = overrides.isOnline ?? true;
  const freeChat = overrides.freeChat ?? false;
  return {
    id,
    name: `performer${id}`,
    displayName: `Performer${id}`,
    avatarUrl: `/media/actors/performer${id}/avatar.webp`,
    isOnline,
    freeChat,
    age: 25,
    gender: 'F',
    country: 'DE',
    languages: ['de', 'en'],
    threeWords: 'playful, curious, warm',
    isTopAmateur: false,
    isNew: false,
    isCurrentlyTicketShow: false,
    prices: { video: 600, singlec2c: 1000, voucherChatMinutes: 0 },
    chatButton: {
      actorId: id,
      isActorOnline: isOnline,
      freeChat,
      voucherChatMinutes: 0,
      isVoyeurMode: false,
      guestHasTicket: false,
      isCurrentlyTicketShow: false,
      isLivePreviewEnabled: true,
      isBannedCountryCode: false,
      prices: {
        freeMessages: 0,
        message: 100,
        single: 800,
        singlec2c: 1000,
        video: 600,
        voucherChatMinutes: 0,
        voyeur: 400,
      },
    },
    ...overrides,
  };
}

export function listPage(items: ActorListItem[], overrides: Partial<ActorListPage> = {}): ActorListPage {
  return chatEndpoints.actorList.response.parse({
    kind: 'cams',
    category: null,
    items,
    total: items.length,
    page: 1,
    pageSize: 30,
    ...overrides,
  });
}

export function actorProfile(overrides: Partial<ActorProfile> = {}): ActorProfile {
  const item = actorItem(7, { name: 'lena', displayName: 'Lena' });
  return chatEndpoints.actorData.response.parse({
    id: item.id,
    name: item.name,
    displayName: item.displayName,
    isOnline: true,
    freeChat: false,
    bannedCountryCodes: [],
    isActorAvailableForConversionChat: false,
    isOnlineMobileVideocall: false,
    isCurrentlyTicketShow: false,
    prices: item.prices,
    isLivePreviewEnabled: true,
    isVoyeurChatAvailable: true,
    guestHasTicket: false,
    isFavoriteAlbum: false,
    star: false,
    registeredSince: '2024-03-01T10:00:00.000Z',
    isTopAmateur: true,
    isNew: false,
    sedcards: [1, 2, 3, 4].map((n) => ({
      id: n,
      url: `/media/actors/lena/sedcard-${n}.webp`,
      width: 640,
      height: 480,
    })),
    avatar: { id: 7, url: '/media/actors/lena/avatar.webp', width: 320, height: 320 },
    profile: {
      age: 27,
      threeWords: 'playful, curious, warm',
      languages: ['de', 'en'],
      country: 'DE',
      gender: 'F',
      aboutMe: 'Hi, I am Lena from Berlin.',
    },
    modelGuestRelation: { isFavorite: false },
    favoriteCount: 41,
    birthdayText: null,
    rating: { average: 4.6, count: 120, satisfactionRate: 92 },
    categories: [{ id: 3, slug: 'amateurs', name: 'Amateurs' }],
    chatPrices: { videoChat: 600, voyeurChat: 400, ticketShow: 2000, singleChat: 800, singleC2CChat: 1000 },
    chatFeatures: { livePreview: true, hd: true, audio: false, dildocontrol: false },
    isToyControlAvailable: false,
    isVoyeurInSingleChatAllowed: false,
    chatButton: item.chatButton,
    topCamRank: 3,
    ...overrides,
  });
}
