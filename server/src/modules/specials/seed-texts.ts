import type { BlogCategoryKey } from '@velvet/contracts';
import type { LocalizedText } from './schema';

/**
 * Editorial texts of the demo catalogue in de, en and es. `{name}` is a performer's name, `{n}` a number.
 */
type Template = { title: LocalizedText; teaser: LocalizedText };

export const BLOG_TEMPLATES: Record<Exclude<BlogCategoryKey, 'featured'>, Template[]> = {
  events: [
    {
      title: {
        de: '{name} live auf der Venus-Messe',
        en: '{name} live at the Venus fair',
        es: '{name} en directo en la feria Venus',
      },
      teaser: {
        de: 'Wir waren mit {name} in Berlin unterwegs: Bühne, Fans und Autogramme.',
        en: 'We spent a day in Berlin with {name}: stage, fans and autographs.',
        es: 'Pasamos un día en Berlín con {name}: escenario, fans y autógrafos.',
      },
    },
    {
      title: {
        de: 'Sommerparty mit {name} und Freundinnen',
        en: 'Summer party with {name} and friends',
        es: 'Fiesta de verano con {name} y amigas',
      },
      teaser: {
        de: 'Pool, Musik und {n} Gäste: die Bilder der Nacht.',
        en: 'Pool, music and {n} guests: the pictures of the night.',
        es: 'Piscina, música y {n} invitados: las fotos de la noche.',
      },
    },
    {
      title: {
        de: 'Community-Treffen: {name} lädt ein',
        en: 'Community meet-up: {name} invites you',
        es: 'Encuentro de la comunidad: {name} te invita',
      },
      teaser: {
        de: 'Ein Abend zum Kennenlernen mit Quiz, Preisen und viel Lachen.',
        en: 'An evening to get to know each other, with a quiz, prizes and lots of laughs.',
        es: 'Una noche para conocerse, con concurso, premios y muchas risas.',
      },
    },
  ],
  live: [
    {
      title: { de: 'Heute Abend live: {name}', en: 'Live tonight: {name}', es: 'En directo esta noche: {name}' },
      teaser: {
        de: '{name} startet um 21 Uhr mit einer Überraschungsshow.',
        en: '{name} starts at 9 pm with a surprise show.',
        es: '{name} empieza a las 21 h con un show sorpresa.',
      },
    },
    {
      title: {
        de: '{n} Stunden Marathon-Stream mit {name}',
        en: '{n}-hour marathon stream with {name}',
        es: 'Maratón de {n} horas en directo con {name}',
      },
      teaser: {
        de: 'Wer hält länger durch? {name} fordert ihre Fans heraus.',
        en: 'Who lasts longer? {name} challenges her fans.',
        es: '¿Quién aguanta más? {name} reta a sus fans.',
      },
    },
  ],
  premiumTv: [
    {
      title: {
        de: 'Premium TV: {name} im Studio',
        en: 'Premium TV: {name} in the studio',
        es: 'TV prémium: {name} en el estudio',
      },
      teaser: {
        de: 'Die neue Folge mit {name} läuft ab Freitag exklusiv im Premium TV.',
        en: 'The new episode with {name} airs exclusively on premium TV from Friday.',
        es: 'El nuevo episodio con {name} se emite en exclusiva en TV prémium desde el viernes.',
      },
    },
    {
      title: {
        de: 'Neue Staffel im Premium TV',
        en: 'A new season on premium TV',
        es: 'Nueva temporada en TV prémium',
      },
      teaser: {
        de: '{n} neue Folgen, neue Gesichter und {name} als Gastgeberin.',
        en: '{n} new episodes, new faces and {name} as the host.',
        es: '{n} episodios nuevos, caras nuevas y {name} como presentadora.',
      },
    },
  ],
  freeTv: [
    {
      title: {
        de: 'Gratis-TV-Highlight der Woche: {name}',
        en: 'Free TV highlight of the week: {name}',
        es: 'Lo mejor de la TV gratis de la semana: {name}',
      },
      teaser: {
        de: 'Verpasst? Die Sendung mit {name} gibt es jetzt in der Mediathek.',
        en: 'Missed it? The show with {name} is now in the mediathek.',
        es: '¿Te lo perdiste? El programa con {name} ya está en la mediateca.',
      },
    },
    {
      title: { de: 'Das Programm im Gratis-TV', en: 'What is on free TV', es: 'La programación de la TV gratis' },
      teaser: {
        de: '{n} Sendungen diese Woche, moderiert von {name}.',
        en: '{n} shows this week, hosted by {name}.',
        es: '{n} programas esta semana, presentados por {name}.',
      },
    },
  ],
  actions: [
    {
      title: {
        de: 'Wochenend-Aktion: {n} % mehr Coins',
        en: 'Weekend action: {n}% more coins',
        es: 'Acción de fin de semana: {n} % más monedas',
      },
      teaser: {
        de: 'Nur bis Sonntag: Bei jeder Aufladung gibt es Bonus-Coins obendrauf.',
        en: 'Until Sunday only: every top-up comes with bonus coins on top.',
        es: 'Solo hasta el domingo: cada recarga trae monedas de bono extra.',
      },
    },
    {
      title: {
        de: 'Videos von {name} zum halben Preis',
        en: 'Videos by {name} at half price',
        es: 'Vídeos de {name} a mitad de precio',
      },
      teaser: {
        de: '{n} Clips im Angebot, nur für kurze Zeit.',
        en: '{n} clips on sale, for a short time only.',
        es: '{n} clips en oferta, solo por tiempo limitado.',
      },
    },
    {
      title: { de: 'Freidrehs am Glücksrad', en: 'Free spins on the wheel', es: 'Giros gratis en la ruleta' },
      teaser: {
        de: 'Diese Woche gibt es {n} Freidrehs für jeden Videokauf.',
        en: 'This week every video purchase earns {n} free spins.',
        es: 'Esta semana cada compra de vídeo da {n} giros gratis.',
      },
    },
  ],
  production: [
    {
      title: {
        de: 'Hinter den Kulissen: ein Dreh mit {name}',
        en: 'Behind the scenes: a shoot with {name}',
        es: 'Entre bastidores: un rodaje con {name}',
      },
      teaser: {
        de: 'Licht, Kamera, Lampenfieber: so entsteht ein Clip.',
        en: 'Lights, camera, stage fright: how a clip comes together.',
        es: 'Luces, cámara, nervios: así nace un clip.',
      },
    },
    {
      title: {
        de: 'Neues Studio, {n} neue Sets',
        en: 'A new studio with {n} new sets',
        es: 'Un estudio nuevo con {n} decorados',
      },
      teaser: {
        de: '{name} zeigt uns die neuen Räume.',
        en: '{name} shows us around the new rooms.',
        es: '{name} nos enseña las nuevas salas.',
      },
    },
  ],
  news: [
    {
      title: {
        de: 'Neu: Nachrichten mit Geschenken',
        en: 'New: messages with gifts',
        es: 'Nuevo: mensajes con regalos',
      },
      teaser: {
        de: 'Überrasche {name} und die anderen mit einem Geschenk im Messenger.',
        en: 'Surprise {name} and the others with a gift in the messenger.',
        es: 'Sorprende a {name} y a las demás con un regalo en el mensajero.',
      },
    },
    {
      title: {
        de: '{n} neue Amateure diese Woche',
        en: '{n} new amateurs this week',
        es: '{n} amateurs nuevas esta semana',
      },
      teaser: {
        de: 'Darunter {name}, die schon am ersten Abend die Top-Cams erreichte.',
        en: 'Among them {name}, who reached the top cams on her first evening.',
        es: 'Entre ellas {name}, que llegó a las top cams en su primera noche.',
      },
    },
    {
      title: { de: 'Das Magazin in neuem Look', en: 'The magazine has a new look', es: 'La revista estrena diseño' },
      teaser: {
        de: 'Schneller, übersichtlicher und mit {n} Rubriken.',
        en: 'Faster, clearer and with {n} sections.',
        es: 'Más rápida, más clara y con {n} secciones.',
      },
    },
  ],
  interviews: [
    {
      title: {
        de: 'Interview: {name} über ihre erste Show',
        en: 'Interview: {name} on her first show',
        es: 'Entrevista: {name} habla de su primer show',
      },
      teaser: {
        de: 'Nervös? „Total!“, lacht {name}. Ein Gespräch über Anfänge.',
        en: 'Nervous? "Totally!", laughs {name}. A talk about beginnings.',
        es: '¿Nerviosa? «¡Muchísimo!», ríe {name}. Una charla sobre los comienzos.',
      },
    },
    {
      title: { de: '{n} Fragen an {name}', en: '{n} questions for {name}', es: '{n} preguntas para {name}' },
      teaser: {
        de: 'Lieblingsessen, Traumreise und was ihre Fans nicht wissen.',
        en: 'Favourite food, dream trip and what her fans do not know.',
        es: 'Comida favorita, viaje soñado y lo que sus fans no saben.',
      },
    },
  ],
};

export const BLOG_BODY: LocalizedText[] = [
  {
    de: '{name} ist seit einiger Zeit bei uns und gehört längst zu den Gesichtern, die man kennt. Für diesen Beitrag haben wir sie einen Tag lang begleitet.',
    en: '{name} has been with us for a while and is one of the faces people know. For this story we spent a whole day with her.',
    es: '{name} lleva un tiempo con nosotros y ya es una de las caras conocidas. Para este artículo la acompañamos durante un día entero.',
  },
  {
    de: 'Was ihre Fans besonders schätzen: Sie nimmt sich Zeit für jede Nachricht und hat immer eine neue Idee für die nächste Show.',
    en: 'What her fans value most: she takes time for every message and always has a new idea for the next show.',
    es: 'Lo que más valoran sus fans: se toma su tiempo con cada mensaje y siempre tiene una idea nueva para el próximo show.',
  },
  {
    de: 'In den nächsten {n} Tagen gibt es dazu passende Aktionen im Shop und im Live-Chat. Vorbeischauen lohnt sich.',
    en: 'Over the next {n} days there are matching actions in the shop and in the live chat. It is worth dropping by.',
    es: 'En los próximos {n} días habrá acciones relacionadas en la tienda y en el chat en directo. Merece la pena pasarse.',
  },
  {
    de: 'Alle Termine findest du im Magazin unter Events, alle Angebote unter Aktionen.',
    en: 'You will find every date in the magazine under events and every offer under actions.',
    es: 'Encontrarás todas las fechas en la revista, en eventos, y todas las ofertas en acciones.',
  },
];

const fill = (text: string, values: { name: string; n: number }) =>
  text.replaceAll('{name}', values.name).replaceAll('{n}', String(values.n));
export const fillLocalized = (text: LocalizedText, values: { name: string; n: number }): LocalizedText => ({
  de: fill(text.de, values),
  en: fill(text.en, values),
  es: fill(text.es, values),
});
