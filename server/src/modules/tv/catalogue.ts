import {
  TV_ARTICLE_CATEGORIES,
  type TvArticleCategoryKey,
  type TvProgramType,
  type TvText,
  type TextInEveryLanguage,
} from '@velvet/contracts';

/** A show format of the TV programme: the schedule repeats these in its slots. */
export interface ShowFormat {
  key: string;
  title: TvText;
  text: TvText;
  lateNight: boolean;
}

const format = (key: string, title: TvText, text: TvText, lateNight = false): ShowFormat => ({
  key,
  title,
  text,
  lateNight,
});

export const SHOW_FORMATS: Record<TvProgramType, ShowFormat[]> = {
  live: [
    format(
      'morning-talk',
      { de: 'Guten Morgen, Velvet', en: 'Good Morning, Velvet', nl: 'Goedemorgen, Velvet', es: 'Buenos días, Velvet' },
      {
        de: 'Kaffee, Klatsch und eure Fragen live im Studio.',
        en: 'Coffee, gossip and your questions live from the studio.',
        nl: 'Koffie, roddels en jullie vragen live vanuit de studio.',
        es: 'Café, cotilleos y vuestras preguntas en directo desde el estudio.',
      },
    ),
    format(
      'amateur-hour',
      { de: 'Amateur-Stunde', en: 'Amateur Hour', nl: 'Amateur-uur', es: 'La hora amateur' },
      {
        de: 'Neue Gesichter stellen sich vor und chatten mit euch.',
        en: 'New faces introduce themselves and chat with you.',
        nl: 'Nieuwe gezichten stellen zich voor en chatten met jullie.',
        es: 'Caras nuevas se presentan y chatean con vosotros.',
      },
    ),
    format(
      'studio-games',
      { de: 'Studio-Spiele', en: 'Studio Games', nl: 'Studiospellen', es: 'Juegos de estudio' },
      {
        de: 'Wer gewinnt heute? Spiele, Wetten und Überraschungen.',
        en: 'Who wins today? Games, bets and surprises.',
        nl: 'Wie wint er vandaag? Spellen, weddenschappen en verrassingen.',
        es: '¿Quién gana hoy? Juegos, apuestas y sorpresas.',
      },
    ),
    format(
      'dating-live',
      { de: 'Dating live', en: 'Dating Live', nl: 'Dating live', es: 'Citas en directo' },
      {
        de: 'Flirten vor laufender Kamera – ihr entscheidet mit.',
        en: 'Flirting on camera – you get a say.',
        nl: 'Flirten voor de camera – jullie beslissen mee.',
        es: 'Ligar ante la cámara: vosotros decidís.',
      },
    ),
    format(
      'fitness',
      { de: 'Sexy Fitness', en: 'Sexy Fitness', nl: 'Sexy Fitness', es: 'Fitness sexy' },
      {
        de: 'Workout mit unseren Models, schwitzen erlaubt.',
        en: 'Work out with our models, sweating allowed.',
        nl: 'Trainen met onze modellen, zweten mag.',
        es: 'Entrena con nuestras modelos, sudar está permitido.',
      },
    ),
    format(
      'night-talk',
      { de: 'Nachtgespräche', en: 'Night Talk', nl: 'Nachtpraat', es: 'Charla nocturna' },
      {
        de: 'Späte Stunde, offene Worte: euer Talk nach Mitternacht.',
        en: 'Late hour, open words: your talk after midnight.',
        nl: 'Laat uur, open woorden: jullie talk na middernacht.',
        es: 'Hora tardía, palabras francas: vuestra charla después de medianoche.',
      },
      true,
    ),
    format(
      'late-night-lounge',
      { de: 'Late Night Lounge', en: 'Late Night Lounge', nl: 'Late Night Lounge', es: 'Late Night Lounge' },
      {
        de: 'Die heißeste Show der Nacht, live aus der Lounge.',
        en: 'The hottest show of the night, live from the lounge.',
        nl: 'De heetste show van de nacht, live vanuit de lounge.',
        es: 'El show más ardiente de la noche, en directo desde el lounge.',
      },
      true,
    ),
  ],
  premium: [
    format(
      'premium-exclusive',
      { de: 'Premium Exclusive', en: 'Premium Exclusive', nl: 'Premium Exclusive', es: 'Premium Exclusive' },
      {
        de: 'Exklusive Shows nur für Abonnenten.',
        en: 'Exclusive shows for subscribers only.',
        nl: 'Exclusieve shows alleen voor abonnees.',
        es: 'Shows exclusivos solo para suscriptores.',
      },
    ),
    format(
      'behind-the-scenes',
      { de: 'Hinter den Kulissen', en: 'Behind the Scenes', nl: 'Achter de schermen', es: 'Entre bastidores' },
      {
        de: 'Was vor und nach dem Dreh passiert.',
        en: 'What happens before and after the shoot.',
        nl: 'Wat er voor en na de opnames gebeurt.',
        es: 'Lo que pasa antes y después del rodaje.',
      },
    ),
    format(
      'private-suite',
      { de: 'Private Suite', en: 'Private Suite', nl: 'Private Suite', es: 'Private Suite' },
      {
        de: 'Zwei Stunden ungeschnitten aus der Suite.',
        en: 'Two uncut hours from the suite.',
        nl: 'Twee ongeknipte uren vanuit de suite.',
        es: 'Dos horas sin cortes desde la suite.',
      },
    ),
    format(
      'premium-after-dark',
      { de: 'After Dark', en: 'After Dark', nl: 'After Dark', es: 'After Dark' },
      {
        de: 'Premium bei Nacht – ohne Zensur.',
        en: 'Premium by night – uncensored.',
        nl: 'Premium bij nacht – zonder censuur.',
        es: 'Premium de noche, sin censura.',
      },
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

/**
 * The seeded series: a title (a brand name, the same in every language) and a description in every language. A
 * larger seed runs them again as further seasons.
 */
export const SERIES: { title: string; description: TextInEveryLanguage }[] = [
  {
    title: 'Velvet Nights',
    description: {
      de: 'Velvet Nights: unsere Models nach Einbruch der Dunkelheit, jede Woche eine neue Folge.',
      en: 'Velvet Nights: our models after dark, with a new episode every week.',
      nl: 'Velvet Nights: onze modellen na het vallen van de avond, elke week een nieuwe aflevering.',
      es: 'Velvet Nights: nuestras modelos cuando cae la noche, con un episodio nuevo cada semana.',
    },
  },
  {
    title: 'Girls Next Door',
    description: {
      de: 'Girls Next Door: Models von nebenan zeigen ihren Alltag, ganz ohne Kulisse.',
      en: 'Girls Next Door: models from next door show their everyday lives, no set required.',
      nl: 'Girls Next Door: modellen van hiernaast laten hun dagelijks leven zien, zonder decor.',
      es: 'Girls Next Door: las modelos de al lado muestran su día a día, sin decorados.',
    },
  },
  {
    title: 'Road Trip',
    description: {
      de: 'Road Trip: zwei Models, ein Cabrio und jede Folge ein neues Ziel.',
      en: 'Road Trip: two models, one convertible and a new destination every episode.',
      nl: 'Road Trip: twee modellen, één cabrio en elke aflevering een nieuwe bestemming.',
      es: 'Road Trip: dos modelos, un descapotable y un destino nuevo en cada episodio.',
    },
  },
  {
    title: 'Beach House',
    description: {
      de: 'Beach House: ein Sommer im Strandhaus, in dem jede Woche neue Gäste einziehen.',
      en: 'Beach House: one summer in a beach house where new guests move in every week.',
      nl: 'Beach House: een zomer in een strandhuis waar elke week nieuwe gasten intrekken.',
      es: 'Beach House: un verano en una casa de playa a la que llegan invitadas nuevas cada semana.',
    },
  },
  {
    title: 'Casting Couch Stories',
    description: {
      de: 'Casting Couch Stories: neue Gesichter erzählen von ihrem ersten Dreh.',
      en: 'Casting Couch Stories: new faces tell the story of their first shoot.',
      nl: 'Casting Couch Stories: nieuwe gezichten vertellen over hun eerste opname.',
      es: 'Casting Couch Stories: caras nuevas cuentan cómo fue su primer rodaje.',
    },
  },
  {
    title: 'Office Affairs',
    description: {
      de: 'Office Affairs: was im Büro passiert, wenn alle anderen Feierabend haben.',
      en: 'Office Affairs: what happens at the office once everyone else has gone home.',
      nl: 'Office Affairs: wat er op kantoor gebeurt als iedereen naar huis is.',
      es: 'Office Affairs: lo que pasa en la oficina cuando todos los demás se han ido a casa.',
    },
  },
  {
    title: 'Spa Days',
    description: {
      de: 'Spa Days: Wellness, Sauna und lange Abende mit unseren Models.',
      en: 'Spa Days: wellness, sauna and long evenings with our models.',
      nl: 'Spa Days: wellness, sauna en lange avonden met onze modellen.',
      es: 'Spa Days: bienestar, sauna y noches largas con nuestras modelos.',
    },
  },
  {
    title: 'Campus Life',
    description: {
      de: 'Campus Life: Vorlesungen am Tag, Partys in der Nacht, ein Semester lang.',
      en: 'Campus Life: lectures by day, parties by night, for a whole semester.',
      nl: "Campus Life: overdag colleges, 's nachts feesten, een heel semester lang.",
      es: 'Campus Life: clases de día, fiestas de noche, durante todo un semestre.',
    },
  },
  {
    title: 'Wild West Weekend',
    description: {
      de: 'Wild West Weekend: Cowgirls, Lagerfeuer und ein Wochenende auf der Ranch.',
      en: 'Wild West Weekend: cowgirls, campfires and a weekend on the ranch.',
      nl: 'Wild West Weekend: cowgirls, kampvuren en een weekend op de ranch.',
      es: 'Wild West Weekend: vaqueras, hogueras y un fin de semana en el rancho.',
    },
  },
  {
    title: 'City Lights',
    description: {
      de: 'City Lights: eine Nacht in der Großstadt, von der Dachbar bis zum Morgengrauen.',
      en: 'City Lights: a night in the big city, from the rooftop bar until dawn.',
      nl: 'City Lights: een nacht in de grote stad, van de dakbar tot het ochtendgloren.',
      es: 'City Lights: una noche en la gran ciudad, desde la azotea hasta el amanecer.',
    },
  },
  {
    title: 'Ski Chalet',
    description: {
      de: 'Ski Chalet: Pisten am Tag und ein warmes Chalet für die Nacht.',
      en: 'Ski Chalet: slopes by day and a warm chalet for the night.',
      nl: "Ski Chalet: overdag de pistes en 's nachts een warm chalet.",
      es: 'Ski Chalet: pistas de día y un chalet cálido para la noche.',
    },
  },
  {
    title: 'Summer Camp',
    description: {
      de: 'Summer Camp: Zelte, See und Spiele bis spät in die Nacht.',
      en: 'Summer Camp: tents, a lake and games until late at night.',
      nl: 'Summer Camp: tenten, een meer en spelletjes tot diep in de nacht.',
      es: 'Summer Camp: tiendas de campaña, un lago y juegos hasta altas horas.',
    },
  },
];

/** The words that end the seeded episodes' titles, in every language. */
export const EPISODE_WORDS: TextInEveryLanguage[] = [
  { de: 'Ankunft', en: 'Arrival', nl: 'Aankomst', es: 'Llegada' },
  { de: 'Geheimnisse', en: 'Secrets', nl: 'Geheimen', es: 'Secretos' },
  { de: 'Die Party', en: 'The Party', nl: 'Het feest', es: 'La fiesta' },
  { de: 'Geständnisse', en: 'Confessions', nl: 'Bekentenissen', es: 'Confesiones' },
  { de: 'Überraschung', en: 'Surprise', nl: 'Verrassing', es: 'Sorpresa' },
  { de: 'Rivalinnen', en: 'Rivals', nl: 'Rivalen', es: 'Rivales' },
  { de: 'Wiedersehen', en: 'Reunion', nl: 'Weerzien', es: 'Reencuentro' },
  { de: 'Abschied', en: 'Farewell', nl: 'Afscheid', es: 'Despedida' },
  { de: 'Versuchung', en: 'Temptation', nl: 'Verleiding', es: 'Tentación' },
  { de: 'Mutprobe', en: 'Dare', nl: 'Uitdaging', es: 'Reto' },
];

/** A seeded episode's title: its series' title (a brand name, kept as it is), its number and its word. */
export const episodeTitle = (series: string, episode: number, word: TextInEveryLanguage): TextInEveryLanguage => ({
  de: `${series} ${episode}: ${word.de}`,
  en: `${series} ${episode}: ${word.en}`,
  nl: `${series} ${episode}: ${word.nl}`,
  es: `${series} ${episode}: ${word.es}`,
});

export const TV_ARTICLE_CATEGORY_KEYS = Object.keys(TV_ARTICLE_CATEGORIES) as TvArticleCategoryKey[];

export const TV_ARTICLE_CATEGORY_NAMES: Record<TvArticleCategoryKey, TextInEveryLanguage> = {
  'free-tv': { de: 'Free TV', en: 'Free TV', nl: 'Gratis tv', es: 'TV gratis' },
  'premium-tv': { de: 'Premium TV', en: 'Premium TV', nl: 'Premium tv', es: 'TV premium' },
};

/** The first crumb of an article's way: the TV area. */
export const TV_CRUMB: TextInEveryLanguage = { de: 'TV', en: 'TV', nl: 'TV', es: 'TV' };

/** A seeded TV article: its slug, category and texts in every language. */
export interface SeedArticle {
  slug: string;
  category: TvArticleCategoryKey;
  title: TextInEveryLanguage;
  teaser: TextInEveryLanguage;
  body: TextInEveryLanguage;
}

/** The seeded articles, oldest first (one a week). */
export const TV_ARTICLES: SeedArticle[] = [
  {
    slug: 'welcome-to-velvet-tv',
    category: 'free-tv',
    title: {
      de: 'Willkommen bei Velvet TV',
      en: 'Welcome to Velvet TV',
      nl: 'Welkom bij Velvet TV',
      es: 'Bienvenido a Velvet TV',
    },
    teaser: {
      de: 'Rund um die Uhr live: unser Programm auf einen Blick.',
      en: 'Live around the clock: our programme at a glance.',
      nl: 'De klok rond live: ons programma in één oogopslag.',
      es: 'En directo las 24 horas: nuestra programación de un vistazo.',
    },
    body: {
      de: 'Velvet TV sendet jeden Tag live aus dem Studio. Talk, Spiele und Dating wechseln sich stündlich ab, und in der Mediathek findet ihr jede Folge unserer Serien zum Nachschauen.',
      en: 'Velvet TV broadcasts live from the studio every day. Talk, games and dating take turns every hour, and the series library has every episode of our series to watch again.',
      nl: 'Velvet TV zendt elke dag live uit vanuit de studio. Talk, spelletjes en dating wisselen elkaar elk uur af, en in de mediatheek vind je elke aflevering van onze series om terug te kijken.',
      es: 'Velvet TV emite en directo desde el estudio todos los días. Charlas, juegos y citas se turnan cada hora, y en la mediateca encontrarás todos los episodios de nuestras series para volver a verlos.',
    },
  },
  {
    slug: 'premium-after-dark',
    category: 'premium-tv',
    title: {
      de: 'After Dark: Premium bei Nacht',
      en: 'After Dark: premium by night',
      nl: 'After Dark: premium bij nacht',
      es: 'After Dark: premium de noche',
    },
    teaser: {
      de: 'Was Abonnenten nach 22 Uhr erwartet.',
      en: 'What subscribers can look forward to after 10 pm.',
      nl: 'Wat abonnees na 22 uur te wachten staat.',
      es: 'Lo que espera a los suscriptores a partir de las 22 h.',
    },
    body: {
      de: 'Ab 22 Uhr gehört Premium TV der Nacht: ungeschnittene Shows aus der Suite, ohne Werbung und nur für Abonnenten. Wer noch kein Abo hat, kann vorher kurz hineinschauen.',
      en: 'From 10 pm premium TV belongs to the night: uncut shows from the suite, without ads and for subscribers only. Without a subscription you can take a short look first.',
      nl: 'Vanaf 22 uur is premium tv van de nacht: ongecensureerde shows uit de suite, zonder reclame en alleen voor abonnees. Zonder abonnement kun je eerst even kort kijken.',
      es: 'A partir de las 22 h la TV premium es de la noche: shows sin cortes desde la suite, sin anuncios y solo para suscriptores. Sin suscripción puedes echar antes un breve vistazo.',
    },
  },
  {
    slug: 'new-series-beach-house',
    category: 'free-tv',
    title: {
      de: 'Neue Folgen: Beach House',
      en: 'New episodes: Beach House',
      nl: 'Nieuwe afleveringen: Beach House',
      es: 'Nuevos episodios: Beach House',
    },
    teaser: {
      de: 'Sonne, Strand und jede Woche eine neue Folge in der Mediathek.',
      en: 'Sun, sand and a new episode in the series library every week.',
      nl: 'Zon, strand en elke week een nieuwe aflevering in de mediatheek.',
      es: 'Sol, playa y un episodio nuevo en la mediateca cada semana.',
    },
    body: {
      de: 'Unsere Models ziehen ins Strandhaus. Jede Woche erscheint eine neue Folge, und ihr könnt jederzeit dort weiterschauen, wo ihr aufgehört habt.',
      en: 'Our models move into the beach house. A new episode comes out every week, and you can always go on watching where you stopped.',
      nl: 'Onze modellen trekken in het strandhuis. Elke week verschijnt een nieuwe aflevering, en je kijkt altijd verder waar je gebleven was.',
      es: 'Nuestras modelos se mudan a la casa de la playa. Cada semana se publica un episodio nuevo y siempre puedes seguir viendo donde lo dejaste.',
    },
  },
  {
    slug: 'behind-the-scenes-of-premium',
    category: 'premium-tv',
    title: {
      de: 'Hinter den Kulissen von Premium TV',
      en: 'Behind the scenes of premium TV',
      nl: 'Achter de schermen van premium tv',
      es: 'Entre bastidores de la TV premium',
    },
    teaser: {
      de: 'Wie eine Premium-Show entsteht.',
      en: 'How a premium show comes about.',
      nl: 'Hoe een premium show tot stand komt.',
      es: 'Cómo nace un show premium.',
    },
    body: {
      de: 'Vom Casting bis zur Sendung: Wir zeigen, wer vor und hinter der Kamera steht und warum jede Premium-Show live und ungeschnitten läuft.',
      en: 'From the casting to the broadcast: we show who works in front of and behind the camera and why every premium show runs live and uncut.',
      nl: 'Van casting tot uitzending: we laten zien wie er voor en achter de camera staat en waarom elke premium show live en ongecensureerd loopt.',
      es: 'Del casting a la emisión: mostramos quién está delante y detrás de la cámara y por qué cada show premium se emite en directo y sin cortes.',
    },
  },
];
