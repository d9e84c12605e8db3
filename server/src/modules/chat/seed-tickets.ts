import { Faker, en } from '@faker-js/faker';
import type { TextInEveryLanguage } from '@velvet/contracts';
import { ensureDemoGuest } from '../auth/demo-guest';
import type { ModuleContext } from '../module';
import { scheduledPerformers, type ScheduledPerformer } from '../performers/catalogue';
import { minuteOfDay, windowHolds } from '../performers/schedule';
import { chatTicketHolders, chatTickets } from './schema';

/** Themes of the demo shows: title and description in every language of the site. */
const SHOW_THEMES: { title: TextInEveryLanguage; description: TextInEveryLanguage }[] = [
  {
    title: {
      de: 'Dessous-Show zu später Stunde',
      en: 'Late night lingerie show',
      nl: 'Lingerieshow in de late avond',
      es: 'Show de lencería nocturna',
    },
    description: {
      de: 'Ich zeige euch meine Lieblingsdessous – und ihr entscheidet, was ich als Nächstes trage.',
      en: 'I show you my favourite lingerie – and you decide what I wear next.',
      nl: 'Ik laat jullie mijn favoriete lingerie zien – en jullie kiezen wat ik hierna draag.',
      es: 'Os enseño mi lencería favorita, y vosotros decidís qué me pongo después.',
    },
  },
  {
    title: {
      de: 'Tanz und Striptease',
      en: 'Dance and striptease',
      nl: 'Dans en striptease',
      es: 'Baile y striptease',
    },
    description: {
      de: 'Eine Stunde Musik, Tanz und langsames Ausziehen. Wünscht euch eure Lieblingssongs!',
      en: 'An hour of music, dancing and a slow striptease. Request your favourite songs!',
      nl: 'Een uur muziek, dans en een langzame striptease. Vraag je favoriete nummers aan!',
      es: 'Una hora de música, baile y un striptease lento. ¡Pedid vuestras canciones favoritas!',
    },
  },
  {
    title: {
      de: 'Cocktails und eure Fragen',
      en: 'Cocktails and your questions',
      nl: 'Cocktails en jullie vragen',
      es: 'Cócteles y vuestras preguntas',
    },
    description: {
      de: 'Wir mixen zusammen Cocktails und ich beantworte jede Frage – wirklich jede.',
      en: 'We mix cocktails together and I answer every question – really every one.',
      nl: 'We mixen samen cocktails en ik beantwoord elke vraag – echt elke.',
      es: 'Preparamos cócteles juntos y respondo a todas las preguntas, de verdad a todas.',
    },
  },
  {
    title: { de: 'Duschshow', en: 'Shower show', nl: 'Doucheshow', es: 'Show en la ducha' },
    description: {
      de: 'Heißes Wasser, viel Schaum und ihr seid live dabei.',
      en: 'Hot water, lots of foam, and you are there live.',
      nl: 'Heet water, veel schuim en jij bent er live bij.',
      es: 'Agua caliente, mucha espuma y tú en directo.',
    },
  },
  {
    title: {
      de: 'Toy-Show mit euren Wünschen',
      en: 'Toy show with your wishes',
      nl: 'Toyshow met jullie wensen',
      es: 'Show de juguetes con vuestros deseos',
    },
    description: {
      de: 'Ihr bestimmt Spielzeug, Tempo und Stellung – ich setze es um.',
      en: 'You choose the toy, the pace and the position – I make it happen.',
      nl: 'Jij kiest het speeltje, het tempo en de houding – ik doe het.',
      es: 'Tú eliges el juguete, el ritmo y la postura; yo lo hago realidad.',
    },
  },
  {
    title: {
      de: 'Rollenspiel: die Sekretärin',
      en: 'Role play: the secretary',
      nl: 'Rollenspel: de secretaresse',
      es: 'Juego de rol: la secretaria',
    },
    description: {
      de: 'Bluse, Brille, Bleistiftrock – und ein Chef, der Überstunden verlangt.',
      en: 'Blouse, glasses, pencil skirt – and a boss who asks for overtime.',
      nl: 'Blouse, bril, kokerrok – en een baas die overuren vraagt.',
      es: 'Blusa, gafas, falda de tubo y un jefe que pide horas extra.',
    },
  },
];

const POST_BUY_INFO: TextInEveryLanguage = {
  de: 'Dein Platz ist reserviert. Sobald die Show beginnt, bekommst du eine Einladung – sei pünktlich!',
  en: 'Your seat is reserved. You will get an invitation as soon as the show starts – be on time!',
  nl: 'Je plaats is gereserveerd. Zodra de show begint, krijg je een uitnodiging – wees op tijd!',
  es: 'Tu plaza está reservada. Recibirás una invitación en cuanto empiece el show: ¡sé puntual!',
};

/** Shows spread over the coming days per 100 performers (scale 1). */
const SHOWS_PER_SCALE = 30;
const DAYS_AHEAD = 7;
const MINUTE_MS = 60_000;
const DURATIONS_MINUTES = [30, 45, 60];
const SEATS = [10, 20, 30, 50];
const INSERT_BATCH = 1000;

type Window = { startMinute: number; endMinute: number };

/**
 * Whether one of the performer's online windows holds the whole show, so she is on line while it runs; minutes
 * of the server's demo day, which may be shorter than a real one.
 */
const onlineThroughout = (windows: Window[], start: Date, end: Date, dayMinutes: number) => {
  const [first, last] = [start, new Date(end.getTime() - MINUTE_MS)].map((at) => minuteOfDay(at, dayMinutes));
  return windows.some((w) => windowHolds(w, first!) && windowHolds(w, last!));
};

type Performer = Pick<ScheduledPerformer, 'id' | 'priceTicketShow'>;

interface Slot {
  startsAt: Date;
  minutes: number;
  free: boolean;
  /** The first shows of the demo: featured, never promo or internal. */
  prominent: boolean;
}

/** Random performers tried for a show before giving up: keeps planning fast with 50,000 performers. */
const PERFORMER_DRAWS = 300;

/**
 * Performers (all of them, or a random sample of those with online windows) and a draw of one on line throughout
 * a time span who is not in `avoid`, or null when none of the draws is.
 */
async function demoPerformers(ctx: ModuleContext, sample?: number) {
  // Performers named in DEMO_ALWAYS_ONLINE give no shows: a show would end the private chat a test holds with one.
  const performers = await scheduledPerformers(ctx.db, { except: ctx.config.demoAlwaysOnline, sample });
  const draw = (faker: Faker, startsAt: Date, endsAt: Date, avoid: ReadonlySet<number> = new Set()) => {
    if (performers.length === 0) return null;
    for (let i = 0; i < PERFORMER_DRAWS; i++) {
      const performer = faker.helpers.arrayElement(performers);
      if (!avoid.has(performer.id) && onlineThroughout(performer.windows, startsAt, endsAt, ctx.config.demoDayMinutes))
        return performer;
    }
    return null;
  };
  return { performers, draw };
}

/** One show of a performer in a slot: a theme, mostly a chat ticket at her show price, some promo or internal. */
function showRow(faker: Faker, slot: Slot, performer: Performer): typeof chatTickets.$inferInsert {
  const theme = faker.helpers.arrayElement(SHOW_THEMES);
  const promo = !slot.free && !slot.prominent && faker.datatype.boolean({ probability: 0.15 });
  return {
    actorId: performer.id,
    creationType: promo ? 'P' : 'C',
    title: theme.title,
    description: theme.description,
    postBuyInfo: POST_BUY_INFO,
    price: slot.free ? 0 : performer.priceTicketShow,
    seats: faker.helpers.arrayElement(SEATS),
    startsAt: slot.startsAt,
    endsAt: new Date(slot.startsAt.getTime() + slot.minutes * MINUTE_MS),
    isFeatured: slot.prominent || faker.datatype.boolean({ probability: 0.1 }),
    isAutoFeatured: faker.datatype.boolean({ probability: 0.1 }),
    isInternal: !slot.prominent && faker.datatype.boolean({ probability: 0.05 }),
    bonusCode: promo ? `SHOW-${faker.string.alphanumeric({ length: 6, casing: 'upper' })}` : null,
  };
}

const wholeMinute = (ms: number) => new Date(Math.floor(ms / MINUTE_MS) * MINUTE_MS);

/**
 * The demo's ticket shows: one running since a few minutes, one starting in a few minutes and a free one shortly
 * after, so the site has a running show right after start, then shows spread over the coming days; each by a
 * performer who is on line throughout it. Mostly chat tickets (coins), some promo tickets (bonus code), some
 * free; the demo guest got a manual ticket for the running show from its performer.
 */
export async function seedTickets(ctx: ModuleContext, { scale }: { scale: number }): Promise<void> {
  const faker = new Faker({ locale: [en] });
  faker.seed(88_5);
  const now = ctx.now().getTime();
  const { performers, draw } = await demoPerformers(ctx);
  if (performers.length === 0) return;

  const soon = [
    { startInMinutes: -5, minutes: 45, free: false },
    { startInMinutes: 3, minutes: 30, free: false },
    { startInMinutes: 6, minutes: 30, free: true },
  ].map((slot) => ({ ...slot, prominent: true }));
  const spread = Array.from({ length: Math.max(6, Math.round(SHOWS_PER_SCALE * scale)) }, () => ({
    // On the quarter hour within the coming days.
    startInMinutes: 15 * faker.number.int({ min: 4, max: (DAYS_AHEAD * 24 * 60) / 15 }),
    minutes: faker.helpers.arrayElement(DURATIONS_MINUTES),
    free: faker.datatype.boolean({ probability: 0.1 }),
    prominent: false,
  }));
  const taken = new Set<number>();
  const rows = [...soon, ...spread].map(({ startInMinutes, ...rest }) => {
    const slot = { ...rest, startsAt: wholeMinute(now + startInMinutes * MINUTE_MS) };
    const endsAt = new Date(slot.startsAt.getTime() + slot.minutes * MINUTE_MS);
    // The first shows go to different performers so the demo has several; later ones may repeat.
    const performer =
      (slot.prominent ? draw(faker, slot.startsAt, endsAt, taken) : null) ??
      draw(faker, slot.startsAt, endsAt) ??
      faker.helpers.arrayElement(performers);
    taken.add(performer.id);
    return showRow(faker, slot, performer);
  });
  // In batches: one statement has at most 65,535 parameters.
  const ids: number[] = [];
  for (let start = 0; start < rows.length; start += INSERT_BATCH) {
    const inserted = await ctx.db
      .insert(chatTickets)
      .values(rows.slice(start, start + INSERT_BATCH))
      .returning({ id: chatTickets.id });
    ids.push(...inserted.map((row) => row.id));
  }
  const demoGuestId = await ensureDemoGuest(ctx.db);
  await ctx.db
    .insert(chatTicketHolders)
    .values({ ticketId: ids[0]!, guestId: demoGuestId, creationType: 'M', boughtAt: new Date(now) });
}

/** A living site plans the next show this long before it starts. */
export const NEXT_SHOW_LEAD_MINUTES = 5;
const NEXT_SHOW_MINUTES = 30;

/**
 * Keeps a show coming (a living site, also long after the seed): a demo performer on line throughout the next
 * half hour plans one starting in a few minutes. Answers its id, or null when nobody is on line that long.
 */
export async function planNextShow(ctx: ModuleContext): Promise<number | null> {
  const faker = new Faker({ locale: [en] });
  const startsAt = wholeMinute(ctx.now().getTime() + NEXT_SHOW_LEAD_MINUTES * MINUTE_MS);
  const performer = (await demoPerformers(ctx, PERFORMER_DRAWS)).draw(
    faker,
    startsAt,
    new Date(startsAt.getTime() + NEXT_SHOW_MINUTES * MINUTE_MS),
  );
  if (!performer) return null;
  const slot = { startsAt, minutes: NEXT_SHOW_MINUTES, free: faker.datatype.boolean(0.2), prominent: true };
  const [row] = await ctx.db
    .insert(chatTickets)
    .values(showRow(faker, slot, performer))
    .returning({ id: chatTickets.id });
  return row!.id;
}
