import type { TvProgramType, TvText } from '@velvet/contracts';

/** A show format of the TV programme: the schedule repeats these in its slots. */
export interface ShowFormat {
  key: string;
  title: TvText;
  text: TvText;
  lateNight: boolean;
}

const format = (
  key: string,
  titleDe: string,
  titleEn: string,
  textDe: string,
  textEn: string,
  lateNight = false,
): ShowFormat => ({
  key,
  title: { de: titleDe, en: titleEn },
  text: { de: textDe, en: textEn },
  lateNight,
});

export const SHOW_FORMATS: Record<TvProgramType, ShowFormat[]> = {
  live: [
    format(
      'morning-talk',
      'Guten Morgen, Velvet',
      'Good Morning, Velvet',
      'Kaffee, Klatsch und eure Fragen live im Studio.',
      'Coffee, gossip and your questions live from the studio.',
    ),
    format(
      'amateur-hour',
      'Amateur-Stunde',
      'Amateur Hour',
      'Neue Gesichter stellen sich vor und chatten mit euch.',
      'New faces introduce themselves and chat with you.',
    ),
    format(
      'studio-games',
      'Studio-Spiele',
      'Studio Games',
      'Wer gewinnt heute? Spiele, Wetten und Überraschungen.',
      'Who wins today? Games, bets and surprises.',
    ),
    format(
      'dating-live',
      'Dating live',
      'Dating Live',
      'Flirten vor laufender Kamera – ihr entscheidet mit.',
      'Flirting on camera – you get a say.',
    ),
    format(
      'fitness',
      'Sexy Fitness',
      'Sexy Fitness',
      'Workout mit unseren Models, schwitzen erlaubt.',
      'Work out with our models, sweating allowed.',
    ),
    format(
      'night-talk',
      'Nachtgespräche',
      'Night Talk',
      'Späte Stunde, offene Worte: euer Talk nach Mitternacht.',
      'Late hour, open words: your talk after midnight.',
      true,
    ),
    format(
      'late-night-lounge',
      'Late Night Lounge',
      'Late Night Lounge',
      'Die heißeste Show der Nacht, live aus der Lounge.',
      'The hottest show of the night, live from the lounge.',
      true,
    ),
  ],
  premium: [
    format(
      'premium-exclusive',
      'Premium Exclusive',
      'Premium Exclusive',
      'Exklusive Shows nur für Abonnenten.',
      'Exclusive shows for subscribers only.',
    ),
    format(
      'behind-the-scenes',
      'Hinter den Kulissen',
      'Behind the Scenes',
      'Was vor und nach dem Dreh passiert.',
      'What happens before and after the shoot.',
    ),
    format(
      'private-suite',
      'Private Suite',
      'Private Suite',
      'Zwei Stunden ungeschnitten aus der Suite.',
      'Two uncut hours from the suite.',
    ),
    format(
      'premium-after-dark',
      'After Dark',
      'After Dark',
      'Premium bei Nacht – ohne Zensur.',
      'Premium by night – uncensored.',
      true,
    ),
  ],
};

/** Slot length per channel, in hours. */
export const SLOT_HOURS: Record<TvProgramType, number> = { live: 1, premium: 2 };
/** How far ahead the schedule is kept filled. */
export const PROGRAM_DAYS_AHEAD = 7;

/** Late night runs from 22:00 to 04:00 (UTC). */
export const isLateNightHour = (hour: number) => hour >= 22 || hour < 4;

export const SERIES_TITLES = [
  'Velvet Nights',
  'Girls Next Door',
  'Road Trip',
  'Beach House',
  'Casting Couch Stories',
  'Office Affairs',
  'Spa Days',
  'Campus Life',
  'Wild West Weekend',
  'City Lights',
  'Ski Chalet',
  'Summer Camp',
];

export const EPISODE_WORDS = [
  'Arrival',
  'Secrets',
  'The Party',
  'Confessions',
  'Surprise',
  'Rivals',
  'Reunion',
  'Farewell',
  'Temptation',
  'Dare',
];
