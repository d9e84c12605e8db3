import path from 'node:path';
import { ensureLoops, listLoops, type LiveLoop, type Rendition } from '../../../media-live/loops';

/** Loops the demo performers share (each performer starts at its own point of hers). */
export const LOOP_COUNT = 6;
/** A chat's cam plays one rendition, at the loop folder's top (a private chat has one viewer on one link). */
export const CHAT_RENDITIONS: readonly Rendition[] = [{ dir: '', width: 640, height: 360, crf: 28 }];

export const liveDir = (dataDir: string) => path.join(dataDir, 'live');
const loopName = (index: number) => `loop-${index + 1}`;
export const LOOP_NAME_PATTERN = /^loop-[1-9]\d{0,2}$/;

/** Cam `index`: its own backdrop and point of the pan, with a LIVE badge. */
const loopSpec = (index: number) => ({
  name: loopName(index),
  backdrop: { title: `Cam ${index + 1}`, seed: 9100 + index },
  phase: index / LOOP_COUNT,
  badge: '● LIVE',
  renditions: CHAT_RENDITIONS,
});

/** Makes sure the data folder has the first `count` cam loops; what is there is kept. */
export const ensureLiveLoops = (dataDir: string, count: number) =>
  ensureLoops(
    liveDir(dataDir),
    Array.from({ length: count }, (_, index) => loopSpec(index)),
  );

/** The cam loops in the data folder, in order, with their segment counts. */
export const listLiveLoops = (dataDir: string): Promise<LiveLoop[]> =>
  listLoops(liveDir(dataDir), LOOP_NAME_PATTERN, CHAT_RENDITIONS);
