import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { eq, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { GeoLocation } from '@velvet/contracts';
import type { Database } from '../../db/database';
import { geoZipCodes } from './schema';

/** German zip codes with the coordinates of their place (see the header of the file for its sources). */
const ZIP_FILE = path.join(import.meta.dirname, 'geo-data', 'de-zip-codes.tsv');
const INSERT_BATCH = 1000;
export const EARTH_RADIUS_KM = 6371;
const KM_PER_DEGREE = (Math.PI * EARTH_RADIUS_KM) / 180;

export interface ZipPlace {
  zip: string;
  lat: number;
  long: number;
  city: string;
}

/** Every zip of the data file. */
export async function readZipPlaces(): Promise<ZipPlace[]> {
  const text = await readFile(ZIP_FILE, 'utf8');
  return text
    .split('\n')
    .filter((line) => line !== '' && !line.startsWith('#'))
    .map((line) => {
      const [zip, lat, long, city] = line.split('\t');
      return { zip: zip!, lat: Number(lat), long: Number(long), city: city! };
    });
}

/** Fills geo_zip_codes from the data file (rows already there stay). */
export async function seedZipCodes(db: Database, places: readonly ZipPlace[]): Promise<void> {
  for (let start = 0; start < places.length; start += INSERT_BATCH) {
    await db
      .insert(geoZipCodes)
      .values(places.slice(start, start + INSERT_BATCH).map((p) => ({ ...p, country: 'DE' })))
      .onConflictDoNothing();
  }
}

/** Spec utility/getGeoLocationByZip: the zip's place, or all null when the zip is unknown. */
export async function geoLocationByZip(db: Database, zip: string): Promise<GeoLocation> {
  const [row] = await db
    .select({ lat: geoZipCodes.lat, long: geoZipCodes.long, city: geoZipCodes.city })
    .from(geoZipCodes)
    .where(eq(geoZipCodes.zip, zip));
  return row ?? { lat: null, long: null, city: null };
}

export interface Point {
  lat: number;
  long: number;
}

/** Great-circle distance in km (haversine) from `origin` to the row's coordinates, computed by the database. */
export function distanceKm(origin: Point, lat: AnyPgColumn, long: AnyPgColumn): SQL<number> {
  return sql<number>`(2 * ${EARTH_RADIUS_KM} * asin(sqrt(
    power(sin(radians(${lat} - ${origin.lat}) / 2), 2) +
    cos(radians(${origin.lat})) * cos(radians(${lat})) * power(sin(radians(${long} - ${origin.long}) / 2), 2)
  )))`.mapWith(Number);
}

/**
 * Whether the row lies within `radiusKm` of `origin`: a box of latitudes and longitudes first (the location index
 * narrows the rows by it), then the exact distance.
 */
export function withinRadius(origin: Point, radiusKm: number, lat: AnyPgColumn, long: AnyPgColumn): SQL {
  const latDelta = radiusKm / KM_PER_DEGREE;
  const cosLat = Math.cos((origin.lat * Math.PI) / 180);
  const longDelta = cosLat < 0.01 ? 360 : radiusKm / (KM_PER_DEGREE * cosLat);
  // Near the poles or across the date line a box of longitudes does not narrow anything.
  const longBox =
    origin.long - longDelta < -180 || origin.long + longDelta > 180
      ? sql`true`
      : sql`${long} between ${origin.long - longDelta} and ${origin.long + longDelta}`;
  return sql`(${lat} between ${origin.lat - latDelta} and ${origin.lat + latDelta} and ${longBox} and ${distanceKm(origin, lat, long)} <= ${radiusKm})`;
}

/** The zip place nearest to a point within `withinKm` (a browser location gets its city name), or null. */
export async function nearestZipPlace(db: Database, origin: Point, withinKm: number): Promise<ZipPlace | null> {
  const distance = distanceKm(origin, geoZipCodes.lat, geoZipCodes.long);
  const [row] = await db
    .select({ zip: geoZipCodes.zip, lat: geoZipCodes.lat, long: geoZipCodes.long, city: geoZipCodes.city })
    .from(geoZipCodes)
    .where(withinRadius(origin, withinKm, geoZipCodes.lat, geoZipCodes.long))
    .orderBy(distance)
    .limit(1);
  return row ?? null;
}
