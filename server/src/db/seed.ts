import { eq } from 'drizzle-orm';
import type { Database } from './database';
import type { ModuleContext, ServerModule } from '../modules/module';
import { seedRuns } from './schema';

const DEMO_SEED = 'demo';

/**
 * Fills the demo catalogue once per database: module seeds run in module order (later ones use the rows of
 * earlier ones), then a row in seed_runs remembers that it happened. A crash midway leaves no row, so the
 * next start tries again.
 */
export async function seedOnce(ctx: ModuleContext, modules: readonly ServerModule[], scale: number): Promise<boolean> {
  if (await holdsDemoData(ctx.db)) return false;
  for (const module of modules) {
    if (!module.seed) continue;
    const started = performance.now();
    await module.seed(ctx, { scale });
    ctx.log.info({ module: module.name, ms: Math.round(performance.now() - started) }, 'seeded');
  }
  await ctx.db.insert(seedRuns).values({ id: DEMO_SEED, scale });
  return true;
}

/** Whether the demo seed has filled this database. */
export async function holdsDemoData(db: Database): Promise<boolean> {
  const [done] = await db.select().from(seedRuns).where(eq(seedRuns.id, DEMO_SEED));
  return done !== undefined;
}
