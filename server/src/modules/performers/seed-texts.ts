import {
  DEFAULT_ACTOR_CATEGORY_ID,
  NEW_ACTOR_CATEGORY_ID,
  type Language,
  type TextInEveryLanguage,
} from '@velvet/contracts';

/** Demo texts of the performer catalogue: categories, countries, self-descriptions and about-me texts. */

export interface CategorySeed {
  id: number;
  slug: string;
  names: TextInEveryLanguage;
}

export const CATEGORY_SEEDS: CategorySeed[] = [
  {
    id: DEFAULT_ACTOR_CATEGORY_ID,
    slug: 'amateurs',
    names: { de: 'Amateure', en: 'Amateurs', nl: 'Amateurs', es: 'Amateurs' },
  },
  {
    id: NEW_ACTOR_CATEGORY_ID,
    slug: 'new-registrations',
    names: { de: 'Neu angemeldet', en: 'Newly registered', nl: 'Nieuw aangemeld', es: 'Recién registradas' },
  },
  { id: 10, slug: 'milf', names: { de: 'MILF', en: 'MILF', nl: 'MILF', es: 'MILF' } },
  { id: 11, slug: 'young', names: { de: 'Jung (18+)', en: 'Young (18+)', nl: 'Jong (18+)', es: 'Jóvenes (18+)' } },
  { id: 12, slug: 'curvy', names: { de: 'Kurvig', en: 'Curvy', nl: 'Rondingen', es: 'Curvilíneas' } },
  { id: 13, slug: 'couples', names: { de: 'Paare', en: 'Couples', nl: 'Koppels', es: 'Parejas' } },
  { id: 14, slug: 'mature', names: { de: 'Reif', en: 'Mature', nl: 'Rijp', es: 'Maduras' } },
  { id: 15, slug: 'fetish', names: { de: 'Fetisch', en: 'Fetish', nl: 'Fetisj', es: 'Fetiche' } },
  { id: 16, slug: 'trans', names: { de: 'Trans', en: 'Trans', nl: 'Trans', es: 'Trans' } },
  { id: 17, slug: 'petite', names: { de: 'Zierlich', en: 'Petite', nl: 'Tenger', es: 'Menudas' } },
  { id: 18, slug: 'latina', names: { de: 'Latina', en: 'Latina', nl: 'Latina', es: 'Latinas' } },
];

/** Countries with the languages their performers speak first, and cities for the about-me texts. */
export const COUNTRIES: { code: string; languages: string[]; cities: string[]; textLanguage: Language }[] = [
  {
    code: 'DE',
    languages: ['de'],
    cities: ['Berlin', 'Hamburg', 'Köln', 'München', 'Leipzig', 'Dresden'],
    textLanguage: 'de',
  },
  { code: 'AT', languages: ['de'], cities: ['Wien', 'Graz', 'Salzburg', 'Linz'], textLanguage: 'de' },
  { code: 'CH', languages: ['de', 'fr'], cities: ['Zürich', 'Bern', 'Basel'], textLanguage: 'de' },
  { code: 'NL', languages: ['nl'], cities: ['Amsterdam', 'Rotterdam', 'Utrecht', 'Groningen'], textLanguage: 'nl' },
  { code: 'BE', languages: ['nl', 'fr'], cities: ['Antwerpen', 'Gent', 'Brugge'], textLanguage: 'nl' },
  {
    code: 'ES',
    languages: ['es'],
    cities: ['Madrid', 'Barcelona', 'Valencia', 'Sevilla', 'Málaga'],
    textLanguage: 'es',
  },
  { code: 'CO', languages: ['es'], cities: ['Medellín', 'Bogotá', 'Cali'], textLanguage: 'es' },
  { code: 'GB', languages: ['en'], cities: ['London', 'Manchester', 'Brighton', 'Leeds'], textLanguage: 'en' },
  { code: 'PL', languages: ['pl'], cities: ['Kraków', 'Warszawa', 'Gdańsk'], textLanguage: 'en' },
  { code: 'CZ', languages: ['cs'], cities: ['Praha', 'Brno'], textLanguage: 'en' },
  { code: 'RO', languages: ['ro'], cities: ['București', 'Cluj-Napoca', 'Timișoara'], textLanguage: 'en' },
];

export const NICK_SUFFIXES = [
  'Sweet',
  'Love',
  'Kiss',
  'Angel',
  'Honey',
  'Star',
  'Sunshine',
  'Dream',
  'Lady',
  'Baby',
  'Hot',
  'Rose',
  'Moon',
  'Sugar',
  'Cat',
  'Doll',
];

/** "Three words" a performer describes herself with, by the language she writes in. */
export const THREE_WORDS: Record<Language, string[]> = {
  de: [
    'verspielt',
    'neugierig',
    'zärtlich',
    'frech',
    'sinnlich',
    'lustig',
    'ehrlich',
    'romantisch',
    'wild',
    'charmant',
    'spontan',
    'warmherzig',
  ],
  en: [
    'playful',
    'curious',
    'tender',
    'cheeky',
    'sensual',
    'funny',
    'honest',
    'romantic',
    'wild',
    'charming',
    'spontaneous',
    'warm',
  ],
  nl: [
    'speels',
    'nieuwsgierig',
    'teder',
    'brutaal',
    'sensueel',
    'grappig',
    'eerlijk',
    'romantisch',
    'wild',
    'charmant',
    'spontaan',
    'warm',
  ],
  es: [
    'juguetona',
    'curiosa',
    'tierna',
    'atrevida',
    'sensual',
    'divertida',
    'sincera',
    'romántica',
    'salvaje',
    'encantadora',
    'espontánea',
    'cariñosa',
  ],
};

const HOBBIES: Record<Language, string[]> = {
  de: [
    'Yoga',
    'lange Spaziergänge',
    'Kochen',
    'Tanzen',
    'Reisen',
    'Musik',
    'Fotografie',
    'Sauna',
    'Serienabende',
    'Fitness',
  ],
  en: [
    'yoga',
    'long walks',
    'cooking',
    'dancing',
    'travelling',
    'music',
    'photography',
    'the sauna',
    'series nights',
    'the gym',
  ],
  nl: [
    'yoga',
    'lange wandelingen',
    'koken',
    'dansen',
    'reizen',
    'muziek',
    'fotografie',
    'de sauna',
    'series kijken',
    'fitness',
  ],
  es: [
    'el yoga',
    'los paseos largos',
    'cocinar',
    'bailar',
    'viajar',
    'la música',
    'la fotografía',
    'la sauna',
    'las series',
    'el gimnasio',
  ],
};

const ABOUT_ME: Record<
  Language,
  (v: { name: string; city: string; hobby: string; hobby2: string; word: string }) => string
> = {
  de: ({ name, city, hobby, hobby2, word }) =>
    `Hallo, ich bin ${name} aus ${city}. In meiner Freizeit liebe ich ${hobby} und ${hobby2}. Im Chat bin ich ${word} und freue mich auf nette Gespräche – schau einfach vorbei!`,
  en: ({ name, city, hobby, hobby2, word }) =>
    `Hi, I'm ${name} from ${city}. In my free time I love ${hobby} and ${hobby2}. In my chat I am ${word} and I enjoy a good conversation, so come and say hello!`,
  nl: ({ name, city, hobby, hobby2, word }) =>
    `Hoi, ik ben ${name} uit ${city}. In mijn vrije tijd hou ik van ${hobby} en ${hobby2}. In mijn chat ben ik ${word} en ik hou van een goed gesprek, kom gerust langs!`,
  es: ({ name, city, hobby, hobby2, word }) =>
    `Hola, soy ${name} de ${city}. En mi tiempo libre me encanta ${hobby} y ${hobby2}. En mi chat soy ${word} y me gusta charlar, ¡ven a saludarme!`,
};

/** An about-me text in one language, from the performer's hobbies (by index, so translations match). */
export function aboutMeText(
  language: Language,
  name: string,
  city: string,
  hobbies: [number, number],
  wordIndex: number,
): string {
  const list = HOBBIES[language];
  return ABOUT_ME[language]({
    name,
    city,
    hobby: list[hobbies[0] % list.length]!,
    hobby2: list[hobbies[1] % list.length]!,
    word: THREE_WORDS[language][wordIndex % THREE_WORDS[language].length]!,
  });
}

/** The birthday line of the profile, in the language of the request. */
export const BIRTHDAY_TEXTS: Record<Language, (name: string) => string> = {
  de: (name) => `${name} hat heute Geburtstag!`,
  en: (name) => `It's ${name}'s birthday today!`,
  nl: (name) => `${name} is vandaag jarig!`,
  es: (name) => `¡Hoy es el cumpleaños de ${name}!`,
};
