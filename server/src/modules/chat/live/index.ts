import type { ModuleContext } from '../../module';
import { performerCount } from '../../performers/catalogue';
import { LOOP_COUNT, ensureLiveLoops, listLiveLoops } from './loops';

export { liveRoutes } from './routes';
export { liveStreamUrls } from './playout';

/** The seed makes the loops (fewer at a smaller scale: all performers share them anyway). */
export async function seedLiveLoops(ctx: ModuleContext, { scale }: { scale: number }): Promise<void> {
  const started = performance.now();
  const count = Math.max(1, Math.round(LOOP_COUNT * scale));
  await ensureLiveLoops(ctx.config.dataDir, count);
  ctx.log.info({ loops: count, ms: Math.round(performance.now() - started) }, 'chat: live video loops ready');
}

/**
 * A data folder whose performers were seeded before live video existed, or that lost its files (a new
 * DATA_DIR on a seeded PostgreSQL), gets the loops on start; an empty database waits for its seed.
 */
export async function prepareLiveLoops(ctx: ModuleContext): Promise<void> {
  if ((await listLiveLoops(ctx.config.dataDir)).length > 0) return;
  if ((await performerCount(ctx.db)) > 0) await seedLiveLoops(ctx, { scale: 1 });
}
