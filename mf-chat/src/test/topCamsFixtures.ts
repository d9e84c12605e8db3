import type { TopCam } from '@velvet/contracts';

/** A top cam as the structured query answers it (TopCam of the tickets contract). */
export function topCam(id: number, overrides: Partial<TopCam> = {}): TopCam {
  return {
    id,
    name: `performer${id}`,
    profileLink: `/en/amateur/performer${id}/`,
    online: true,
    onlineVideocall: false,
    age: 24,
    previewPicture: `/media/actors/performer${id}/sedcard-1.webp`,
    avatarPicture: `/media/actors/performer${id}/avatar.webp`,
    spokenLanguages: ['de', 'en'],
    pinnedCount: 12,
    ratingCount: 40,
    satisfactionRate: 90,
    rankingPointsVideoCall: 0,
    videocallPrice: 900,
    ...overrides,
  };
}
