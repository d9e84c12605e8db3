import type { RouteName, VideoCategory } from '@velvet/contracts';

/** Which video category each video area of the route table shows. */
export const VIDEO_AREAS = {
  videos: 'all',
  allVideos: 'all',
  freeClips: 'free',
  videoTrends: 'trending',
  onSale: 'discounted',
  newVideos: 'new',
  vipVideos: 'vip30',
  videoStars: 'top',
  videoSearch: 'all',
} as const satisfies Partial<Record<RouteName, VideoCategory>>;
export type VideoAreaRoute = keyof typeof VIDEO_AREAS;
export const isVideoArea = (name: string): name is VideoAreaRoute => Object.hasOwn(VIDEO_AREAS, name);
