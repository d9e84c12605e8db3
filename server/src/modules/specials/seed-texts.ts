import type { BlogCategoryKey, TextInEveryLanguage } from '@velvet/contracts';

/**
 * Editorial texts of the demo catalogue in every language of the site. `{name}` is a performer's name, `{n}` a number.
 */
type Template = { title: TextInEveryLanguage; teaser: TextInEveryLanguage };

export const BLOG_TEMPLATES: Record<Exclude<BlogCategoryKey, 'featured'>, Template[]> = {
  events: [
    {
      title: {
        de: '{name} live auf der Venus-Messe',
        en: '{name} live at the Venus fair',
        nl: '{name} live op de Venus-beurs',
        es: '{name} en directo en la feria Venus',
      },
      teaser: {
        de: 'Wir waren mit {name} in Berlin unterwegs: Bühne, Fans und Autogramme.',
        en: 'We spent a day in Berlin with {name}: stage, fans and autographs.',
        nl: 'We waren een dag met {name} in Berlijn: podium, fans en handtekeningen.',
        es: 'Pasamos un día en Berlín con {name}: escenario, fans y autógrafos.',
      },
    },
    {
      title: {
        de: 'Sommerparty mit {name} und Freundinnen',
        en: 'Summer party with {name} and friends',
        nl: 'Zomerfeest met {name} en vriendinnen',
        es: 'Fiesta de verano con {name} y amigas',
      },
      teaser: {
        de: 'Pool, Musik und {n} Gäste: die Bilder der Nacht.',
        en: 'Pool, music and {n} guests: the pictures of the night.',
        nl: "Zwembad, muziek en {n} gasten: de foto's van de nacht.",
        es: 'Piscina, música y {n} invitados: las fotos de la noche.',
      },
    },
    {
      title: {
        de: 'Community-Treffen: {name} lädt ein',
        en: 'Community meet-up: {name} invites you',
        nl: 'Communitytreffen: {name} nodigt je uit',
        es: 'Encuentro de la comunidad: {name} te invita',
      },
      teaser: {
        de: 'Ein Abend zum Kennenlernen mit Quiz, Preisen und viel Lachen.',
        en: 'An evening to get to know each other, with a quiz, prizes and lots of laughs.',
        nl: 'Een avond om elkaar te leren kennen, met een quiz, prijzen en veel gelach.',
        es: 'Una noche para conocerse, con concurso, premios y muchas risas.',
      },
    },
  ],
  live: [
    {
      title: {
        de: 'Heute Abend live: {name}',
        en: 'Live tonight: {name}',
        nl: 'Vanavond live: {name}',
        es: 'En directo esta noche: {name}',
      },
      teaser: {
        de: '{name} startet um 21 Uhr mit einer Überraschungsshow.',
        en: '{name} starts at 9 pm with a surprise show.',
        nl: '{name} begint om 21 uur met een verrassingsshow.',
        es: '{name} empieza a las 21 h con un show sorpresa.',
      },
    },
    {
      title: {
        de: '{n} Stunden Marathon-Stream mit {name}',
        en: '{n}-hour marathon stream with {name}',
        nl: 'Marathonstream van {n} uur met {name}',
        es: 'Maratón de {n} horas en directo con {name}',
      },
      teaser: {
        de: 'Wer hält länger durch? {name} fordert ihre Fans heraus.',
        en: 'Who lasts longer? {name} challenges her fans.',
        nl: 'Wie houdt het langer vol? {name} daagt haar fans uit.',
        es: '¿Quién aguanta más? {name} reta a sus fans.',
      },
    },
  ],
  premiumTv: [
    {
      title: {
        de: 'Premium TV: {name} im Studio',
        en: 'Premium TV: {name} in the studio',
        nl: 'Premium TV: {name} in de studio',
        es: 'TV prémium: {name} en el estudio',
      },
      teaser: {
        de: 'Die neue Folge mit {name} läuft ab Freitag exklusiv im Premium TV.',
        en: 'The new episode with {name} airs exclusively on premium TV from Friday.',
        nl: 'De nieuwe aflevering met {name} is vanaf vrijdag exclusief te zien op Premium TV.',
        es: 'El nuevo episodio con {name} se emite en exclusiva en TV prémium desde el viernes.',
      },
    },
    {
      title: {
        de: 'Neue Staffel im Premium TV',
        en: 'A new season on premium TV',
        nl: 'Een nieuw seizoen op Premium TV',
        es: 'Nueva temporada en TV prémium',
      },
      teaser: {
        de: '{n} neue Folgen, neue Gesichter und {name} als Gastgeberin.',
        en: '{n} new episodes, new faces and {name} as the host.',
        nl: '{n} nieuwe afleveringen, nieuwe gezichten en {name} als presentatrice.',
        es: '{n} episodios nuevos, caras nuevas y {name} como presentadora.',
      },
    },
  ],
  freeTv: [
    {
      title: {
        de: 'Gratis-TV-Highlight der Woche: {name}',
        en: 'Free TV highlight of the week: {name}',
        nl: 'Gratis-tv-hoogtepunt van de week: {name}',
        es: 'Lo mejor de la TV gratis de la semana: {name}',
      },
      teaser: {
        de: 'Verpasst? Die Sendung mit {name} gibt es jetzt in der Mediathek.',
        en: 'Missed it? The show with {name} is now in the mediathek.',
        nl: 'Gemist? De uitzending met {name} staat nu in de mediatheek.',
        es: '¿Te lo perdiste? El programa con {name} ya está en la mediateca.',
      },
    },
    {
      title: {
        de: 'Das Programm im Gratis-TV',
        en: 'What is on free TV',
        nl: 'Wat er op gratis tv te zien is',
        es: 'La programación de la TV gratis',
      },
      teaser: {
        de: '{n} Sendungen diese Woche, moderiert von {name}.',
        en: '{n} shows this week, hosted by {name}.',
        nl: '{n} uitzendingen deze week, gepresenteerd door {name}.',
        es: '{n} programas esta semana, presentados por {name}.',
      },
    },
  ],
  actions: [
    {
      title: {
        de: 'Wochenend-Aktion: {n} % mehr Coins',
        en: 'Weekend action: {n}% more coins',
        nl: 'Weekendactie: {n}% meer coins',
        es: 'Acción de fin de semana: {n} % más monedas',
      },
      teaser: {
        de: 'Nur bis Sonntag: Bei jeder Aufladung gibt es Bonus-Coins obendrauf.',
        en: 'Until Sunday only: every top-up comes with bonus coins on top.',
        nl: 'Alleen tot zondag: bij elke opwaardering krijg je er bonuscoins bovenop.',
        es: 'Solo hasta el domingo: cada recarga trae monedas de bono extra.',
      },
    },
    {
      title: {
        de: 'Videos von {name} zum halben Preis',
        en: 'Videos by {name} at half price',
        nl: "Video's van {name} voor de halve prijs",
        es: 'Vídeos de {name} a mitad de precio',
      },
      teaser: {
        de: '{n} Clips im Angebot, nur für kurze Zeit.',
        en: '{n} clips on sale, for a short time only.',
        nl: '{n} clips in de aanbieding, maar voor korte tijd.',
        es: '{n} clips en oferta, solo por tiempo limitado.',
      },
    },
    {
      title: {
        de: 'Freidrehs am Glücksrad',
        en: 'Free spins on the wheel',
        nl: 'Gratis draaien aan het rad',
        es: 'Giros gratis en la ruleta',
      },
      teaser: {
        de: 'Diese Woche gibt es {n} Freidrehs für jeden Videokauf.',
        en: 'This week every video purchase earns {n} free spins.',
        nl: 'Deze week levert elke gekochte video {n} gratis draaien op.',
        es: 'Esta semana cada compra de vídeo da {n} giros gratis.',
      },
    },
  ],
  production: [
    {
      title: {
        de: 'Hinter den Kulissen: ein Dreh mit {name}',
        en: 'Behind the scenes: a shoot with {name}',
        nl: 'Achter de schermen: een opname met {name}',
        es: 'Entre bastidores: un rodaje con {name}',
      },
      teaser: {
        de: 'Licht, Kamera, Lampenfieber: so entsteht ein Clip.',
        en: 'Lights, camera, stage fright: how a clip comes together.',
        nl: 'Licht, camera, plankenkoorts: zo ontstaat een clip.',
        es: 'Luces, cámara, nervios: así nace un clip.',
      },
    },
    {
      title: {
        de: 'Neues Studio, {n} neue Sets',
        en: 'A new studio with {n} new sets',
        nl: 'Een nieuwe studio met {n} nieuwe sets',
        es: 'Un estudio nuevo con {n} decorados',
      },
      teaser: {
        de: '{name} zeigt uns die neuen Räume.',
        en: '{name} shows us around the new rooms.',
        nl: '{name} leidt ons rond in de nieuwe ruimtes.',
        es: '{name} nos enseña las nuevas salas.',
      },
    },
  ],
  news: [
    {
      title: {
        de: 'Neu: Nachrichten mit Geschenken',
        en: 'New: messages with gifts',
        nl: 'Nieuw: berichten met cadeaus',
        es: 'Nuevo: mensajes con regalos',
      },
      teaser: {
        de: 'Überrasche {name} und die anderen mit einem Geschenk im Messenger.',
        en: 'Surprise {name} and the others with a gift in the messenger.',
        nl: 'Verras {name} en de anderen met een cadeau in de messenger.',
        es: 'Sorprende a {name} y a las demás con un regalo en el mensajero.',
      },
    },
    {
      title: {
        de: '{n} neue Amateure diese Woche',
        en: '{n} new amateurs this week',
        nl: '{n} nieuwe amateurs deze week',
        es: '{n} amateurs nuevas esta semana',
      },
      teaser: {
        de: 'Darunter {name}, die schon am ersten Abend die Top-Cams erreichte.',
        en: 'Among them {name}, who reached the top cams on her first evening.',
        nl: 'Onder wie {name}, die al op haar eerste avond bij de topcams stond.',
        es: 'Entre ellas {name}, que llegó a las top cams en su primera noche.',
      },
    },
    {
      title: {
        de: 'Das Magazin in neuem Look',
        en: 'The magazine has a new look',
        nl: 'Het magazine in een nieuw jasje',
        es: 'La revista estrena diseño',
      },
      teaser: {
        de: 'Schneller, übersichtlicher und mit {n} Rubriken.',
        en: 'Faster, clearer and with {n} sections.',
        nl: 'Sneller, overzichtelijker en met {n} rubrieken.',
        es: 'Más rápida, más clara y con {n} secciones.',
      },
    },
  ],
  interviews: [
    {
      title: {
        de: 'Interview: {name} über ihre erste Show',
        en: 'Interview: {name} on her first show',
        nl: 'Interview: {name} over haar eerste show',
        es: 'Entrevista: {name} habla de su primer show',
      },
      teaser: {
        de: 'Nervös? „Total!“, lacht {name}. Ein Gespräch über Anfänge.',
        en: 'Nervous? "Totally!", laughs {name}. A talk about beginnings.',
        nl: 'Zenuwachtig? “Heel erg!”, lacht {name}. Een gesprek over het begin.',
        es: '¿Nerviosa? «¡Muchísimo!», ríe {name}. Una charla sobre los comienzos.',
      },
    },
    {
      title: {
        de: '{n} Fragen an {name}',
        en: '{n} questions for {name}',
        nl: '{n} vragen aan {name}',
        es: '{n} preguntas para {name}',
      },
      teaser: {
        de: 'Lieblingsessen, Traumreise und was ihre Fans nicht wissen.',
        en: 'Favourite food, dream trip and what her fans do not know.',
        nl: 'Lievelingseten, droomreis en wat haar fans nog niet weten.',
        es: 'Comida favorita, viaje soñado y lo que sus fans no saben.',
      },
    },
  ],
};

export const BLOG_BODY: TextInEveryLanguage[] = [
  {
    de: '{name} ist seit einiger Zeit bei uns und gehört längst zu den Gesichtern, die man kennt. Für diesen Beitrag haben wir sie einen Tag lang begleitet.',
    en: '{name} has been with us for a while and is one of the faces people know. For this story we spent a whole day with her.',
    nl: '{name} is al een tijdje bij ons en is inmiddels een bekend gezicht. Voor dit verhaal hebben we haar een hele dag gevolgd.',
    es: '{name} lleva un tiempo con nosotros y ya es una de las caras conocidas. Para este artículo la acompañamos durante un día entero.',
  },
  {
    de: 'Was ihre Fans besonders schätzen: Sie nimmt sich Zeit für jede Nachricht und hat immer eine neue Idee für die nächste Show.',
    en: 'What her fans value most: she takes time for every message and always has a new idea for the next show.',
    nl: 'Wat haar fans het meest waarderen: ze neemt de tijd voor elk bericht en heeft altijd een nieuw idee voor de volgende show.',
    es: 'Lo que más valoran sus fans: se toma su tiempo con cada mensaje y siempre tiene una idea nueva para el próximo show.',
  },
  {
    de: 'In den nächsten {n} Tagen gibt es dazu passende Aktionen im Shop und im Live-Chat. Vorbeischauen lohnt sich.',
    en: 'Over the next {n} days there are matching actions in the shop and in the live chat. It is worth dropping by.',
    nl: 'De komende {n} dagen zijn er bijpassende acties in de shop en in de livechat. Een kijkje nemen loont.',
    es: 'En los próximos {n} días habrá acciones relacionadas en la tienda y en el chat en directo. Merece la pena pasarse.',
  },
  {
    de: 'Alle Termine findest du im Magazin unter Events, alle Angebote unter Aktionen.',
    en: 'You will find every date in the magazine under events and every offer under actions.',
    nl: 'Alle data vind je in het magazine onder evenementen, alle aanbiedingen onder acties.',
    es: 'Encontrarás todas las fechas en la revista, en eventos, y todas las ofertas en acciones.',
  },
];

const fill = (text: string, values: { name: string; n: number }) =>
  text.replaceAll('{name}', values.name).replaceAll('{n}', String(values.n));
export const fillLocalized = (text: TextInEveryLanguage, values: { name: string; n: number }): TextInEveryLanguage => ({
  de: fill(text.de, values),
  en: fill(text.en, values),
  nl: fill(text.nl, values),
  es: fill(text.es, values),
});
