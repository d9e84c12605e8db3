import { Faker, en } from '@faker-js/faker';
import { asc, sql } from 'drizzle-orm';
import type { ModuleContext } from '../module';
import { readZipPlaces, seedZipCodes, type ZipPlace } from './geo';
import { actors } from './schema';
import { COUNTRIES } from './seed-texts';

/**
 * Places of the performers outside Germany, by the city names of seed-texts (GeoNames coordinates, CC BY 4.0).
 * German performers live at a real zip of their city (de-zip-codes.tsv).
 */
const CITY_COORDINATES: Record<string, { lat: number; long: number }> = {
  Wien: { lat: 48.2085, long: 16.3721 },
  Graz: { lat: 47.0673, long: 15.442 },
  Salzburg: { lat: 47.7994, long: 13.044 },
  Linz: { lat: 48.3064, long: 14.2861 },
  Zürich: { lat: 47.3667, long: 8.55 },
  Bern: { lat: 46.9481, long: 7.4474 },
  Basel: { lat: 47.5584, long: 7.5733 },
  Amsterdam: { lat: 52.374, long: 4.8897 },
  Rotterdam: { lat: 51.9225, long: 4.4792 },
  Utrecht: { lat: 52.0908, long: 5.1222 },
  Groningen: { lat: 53.2192, long: 6.5667 },
  Antwerpen: { lat: 51.2205, long: 4.4003 },
  Gent: { lat: 51.05, long: 3.7167 },
  Brugge: { lat: 51.2089, long: 3.2242 },
  Madrid: { lat: 40.4165, long: -3.7026 },
  Barcelona: { lat: 41.3888, long: 2.159 },
  Valencia: { lat: 39.4739, long: -0.3797 },
  Sevilla: { lat: 37.3828, long: -5.9732 },
  Málaga: { lat: 36.7202, long: -4.4203 },
  Medellín: { lat: 6.245, long: -75.5715 },
  Bogotá: { lat: 4.6097, long: -74.0818 },
  Cali: { lat: 3.4305, long: -76.5199 },
  London: { lat: 51.5085, long: -0.1257 },
  Manchester: { lat: 53.481, long: -2.2374 },
  Brighton: { lat: 50.8284, long: -0.1395 },
  Leeds: { lat: 53.7965, long: -1.5479 },
  Kraków: { lat: 50.0614, long: 19.9366 },
  Warszawa: { lat: 52.2298, long: 21.0118 },
  Gdańsk: { lat: 54.3523, long: 18.6491 },
  Praha: { lat: 50.088, long: 14.4208 },
  Brno: { lat: 49.1952, long: 16.608 },
  București: { lat: 44.4323, long: 26.1063 },
  'Cluj-Napoca': { lat: 46.7667, long: 23.6 },
  Timișoara: { lat: 45.7537, long: 21.2257 },
};

/** Share of performers who say where they are. */
const LOCATED_SHARE = 0.85;
/** Performers live around their city's centre, up to about this far (degrees of latitude). */
const SPREAD_DEGREES = 0.06;
/** Shown places are rounded to about a kilometre. */
const DECIMALS = 2;
const UPDATE_BATCH = 1000;
const MAX_RANKING_POINTS_VIDEO_CALL = 1000;

const round = (value: number) => Number(value.toFixed(DECIMALS));

/**
 * The location search's data: the German zip codes, and each performer's place (in the city her about-me text
 * names, a German one at a real zip of it; some keep it to themselves) and video call ranking points.
 */
export async function seedSearch(ctx: ModuleContext): Promise<void> {
  const places = await readZipPlaces();
  await seedZipCodes(ctx.db, places);
  const zipsByCity = new Map<string, ZipPlace[]>();
  for (const place of places) zipsByCity.set(place.city, [...(zipsByCity.get(place.city) ?? []), place]);

  const faker = new Faker({ locale: [en] });
  faker.seed(88_4);
  const performers = await ctx.db
    .select({ id: actors.id, country: actors.country, aboutMe: actors.aboutMe, ratingCount: actors.ratingCount })
    .from(actors)
    .orderBy(asc(actors.id));
  const rows = performers.map((performer) => {
    const cities = COUNTRIES.find((c) => c.code === performer.country)?.cities ?? [];
    const city = cities.find((name) => performer.aboutMe.includes(name));
    const cityZips = city && performer.country === 'DE' ? (zipsByCity.get(city) ?? []) : [];
    const zip = cityZips.length > 0 ? faker.helpers.arrayElement(cityZips) : undefined;
    const centre = zip ?? (city ? CITY_COORDINATES[city] : undefined);
    const located = centre && faker.datatype.boolean({ probability: LOCATED_SHARE });
    return {
      id: performer.id,
      lat: located ? round(centre.lat + faker.number.float({ min: -1, max: 1 }) * SPREAD_DEGREES) : null,
      long: located ? round(centre.long + faker.number.float({ min: -1, max: 1 }) * SPREAD_DEGREES * 1.5) : null,
      zip: located && zip ? zip.zip : null,
      rankingPoints: faker.number.int({ max: MAX_RANKING_POINTS_VIDEO_CALL }) + performer.ratingCount,
    };
  });
  for (let start = 0; start < rows.length; start += UPDATE_BATCH) {
    const values = sql.join(
      rows
        .slice(start, start + UPDATE_BATCH)
        .map((r) => sql`(${r.id}::int, ${r.lat}::float8, ${r.long}::float8, ${r.zip}::text, ${r.rankingPoints}::int)`),
      sql`, `,
    );
    await ctx.db.execute(sql`
      update ${actors} set lat = v.lat, long = v.long, zip = v.zip, ranking_points_video_call = v.points
      from (values ${values}) as v(id, lat, long, zip, points) where ${actors.id} = v.id`);
  }
}
