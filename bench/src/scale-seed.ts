import { sql } from 'drizzle-orm';
import type { DatabaseHandle } from '../../server/src/db/database';

/**
 * The --scale catalogue: the demo seed (100 performers, 1,000 videos, their images) copied `copies` times in
 * the database itself (INSERT … SELECT over generate_series, in batches), so 500 copies give 50,000 performers
 * and 500,000 videos in a few minutes. Copy g of a row gets id + g × (the table's largest id), so references
 * between copies are plain arithmetic; names get "-g" to stay unique; images are the originals' files.
 */
const TABLES: {
  table: string;
  /** Which rows are the demo seed's (copies are never copied again). */
  original: (stride: Strides) => string;
  /** Columns that change per copy; '' leaves a column to its default. */
  columns: Record<string, (stride: Strides) => string>;
}[] = [
  {
    table: 'actors',
    original: (s) => `t.id <= ${s.actors}`,
    columns: { id: (s) => `t.id + g * ${s.actors}`, name: () => `t.name || '-' || g` },
  },
  {
    table: 'actor_category_members',
    original: (s) => `t.actor_id <= ${s.actors}`,
    columns: { actor_id: (s) => `t.actor_id + g * ${s.actors}` },
  },
  {
    table: 'actor_sedcards',
    original: (s) => `t.actor_id <= ${s.actors}`,
    columns: { id: () => '', actor_id: (s) => `t.actor_id + g * ${s.actors}` },
  },
  {
    table: 'videos',
    original: (s) => `t.id <= ${s.videos}`,
    columns: { id: (s) => `t.id + g * ${s.videos}`, actor_id: (s) => `t.actor_id + g * ${s.actors}` },
  },
  {
    table: 'video_tags',
    original: (s) => `t.video_id <= ${s.videos}`,
    columns: { video_id: (s) => `t.video_id + g * ${s.videos}` },
  },
];
const SERIAL_TABLES = ['actors', 'actor_sedcards', 'videos'];
const COPIES_PER_STATEMENT = 25;

interface Strides {
  actors: number;
  videos: number;
}

type Db = DatabaseHandle['db'];
const rows = async <T>(db: Db, query: string) => ((await db.execute(sql.raw(query))) as unknown as { rows: T[] }).rows;

export async function expandCatalogue(db: Db, copies: number): Promise<{ actors: number; videos: number }> {
  const [strides] = await rows<{ actors: number; videos: number }>(
    db,
    'SELECT (SELECT max(id) FROM actors)::int AS actors, (SELECT max(id) FROM videos)::int AS videos',
  );
  if (!strides) throw new Error('the demo seed has no performers to copy');
  for (const { table, original, columns } of TABLES) {
    const names = await rows<{ column_name: string }>(
      db,
      `SELECT column_name FROM information_schema.columns WHERE table_schema = current_schema()
         AND table_name = '${table}' AND is_generated = 'NEVER' ORDER BY ordinal_position`,
    );
    const mapped = names
      .map(({ column_name: name }) => ({ name, expression: columns[name]?.(strides) ?? `t.${name}` }))
      .filter((column) => column.expression !== '');
    const target = mapped.map((column) => `"${column.name}"`).join(', ');
    const source = mapped.map((column) => column.expression).join(', ');
    for (let first = 1; first < copies; first += COPIES_PER_STATEMENT) {
      const last = Math.min(copies - 1, first + COPIES_PER_STATEMENT - 1);
      await db.execute(
        sql.raw(
          `INSERT INTO ${table} (${target}) SELECT ${source} FROM ${table} t, generate_series(${first}, ${last}) g
           WHERE ${original(strides)}`,
        ),
      );
    }
  }
  for (const table of SERIAL_TABLES) {
    await db.execute(
      sql.raw(`SELECT setval(pg_get_serial_sequence('${table}', 'id'), (SELECT max(id) FROM ${table}))`),
    );
  }
  await db.execute(sql.raw('ANALYZE'));
  const [counts] = await rows<{ actors: number; videos: number }>(
    db,
    'SELECT (SELECT count(*) FROM actors)::int AS actors, (SELECT count(*) FROM videos)::int AS videos',
  );
  return counts!;
}
