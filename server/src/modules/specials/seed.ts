import { eq } from 'drizzle-orm';
import {
  BLOG_CATEGORY_IDS,
  CLASH_WIN_POINTS,
  DAILY_BONUS_DAYS,
  SPECIAL_EVENT_IDS,
  ADVENT_DOORS,
  addDaysToDate,
  dateInZone,
  type DailyBonusOfferType,
  type GameDayConfig,
  type RewardType,
  type TextInEveryLanguage,
} from '@velvet/contracts';
import type { ModuleContext } from '../module';
import { listPerformerCards } from '../performers/catalogue';
import {
  activityChallenges,
  activityDefinitions,
  adventDoors,
  calendarEvents,
  easterEggs,
  giftCalendarDays,
  blogPostActors,
  blogPosts,
  clashChallenges,
  clashChallengeTeams,
  clashes,
  clashTeamMembers,
  clashTeams,
  contestMedia,
  contests,
  dailyBonusModels,
  dailyBonusOffers,
  loyaltyMonthlyRewards,
  magazinePages,
  specialEvents,
  spinwheelSegments,
  type GameRewardRow,
  type LocalizedParagraphs,
} from './schema';
import { BLOG_BODY, BLOG_TEMPLATES, fillLocalized } from './seed-texts';

const DAY = 86_400_000;
const BLOG_POSTS = 60;
const CONTEST_ENTRIES = 12;
/** Seeded beyond the three days shown, so a server left running keeps offers for a week. */
const DAILY_BONUS_SEEDED_DAYS = DAILY_BONUS_DAYS + 4;

/** Deterministic pseudo-random numbers (mulberry32), so every seed run makes the same catalogue. */
function random(seed: number) {
  let state = seed >>> 0;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return {
    next,
    int: (min: number, max: number) => min + Math.floor(next() * (max - min + 1)),
    pick: <T>(items: readonly T[]) => items[Math.floor(next() * items.length)]!,
  };
}

const slugify = (text: string) =>
  text
    .toLowerCase()
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');
const same = (text: string): TextInEveryLanguage => ({ de: text, en: text, nl: text, es: text });
const paragraphs = (...texts: TextInEveryLanguage[]): LocalizedParagraphs => ({
  de: texts.map((t) => t.de),
  en: texts.map((t) => t.en),
  nl: texts.map((t) => t.nl),
  es: texts.map((t) => t.es),
});

type Performer = { id: number; displayName: string };

export async function seedSpecials(ctx: ModuleContext, scale: number): Promise<void> {
  const count = (n: number) => Math.max(1, Math.round(n * scale));
  const rng = random(2026);
  const now = ctx.now().getTime();
  const performers: Performer[] = await listPerformerCards(ctx.db);
  const performer = (i: number): Performer | undefined => performers[i % Math.max(1, performers.length)];

  await seedBlog(ctx, count(BLOG_POSTS), performer, rng, now);
  await seedContests(ctx, count(CONTEST_ENTRIES), performers, rng, now);
  await seedDailyBonus(ctx, rng, now, performers);
  const events = await seedEvents(ctx, now);
  await seedMagazinePages(ctx, events);
  await seedClash(ctx, performers, rng, now);
  await seedSpinwheel(ctx);
  await seedCalendarEvents(ctx, now);
  await seedGiftCalendars(ctx, performers, now);
}

async function seedBlog(
  ctx: ModuleContext,
  total: number,
  performer: (i: number) => Performer | undefined,
  rng: ReturnType<typeof random>,
  now: number,
) {
  const categories = Object.keys(BLOG_TEMPLATES) as (keyof typeof BLOG_TEMPLATES)[];
  for (let i = 0; i < total; i++) {
    const category = categories[i % categories.length]!;
    const template = BLOG_TEMPLATES[category][Math.floor(i / categories.length) % BLOG_TEMPLATES[category].length]!;
    const star = performer(i * 7);
    const values = { name: star?.displayName ?? 'Velvet', n: rng.int(3, 30) };
    const title = fillLocalized(template.title, values);
    // Spread over about three years, newest first, so the archives have several years.
    const published = new Date(now - (i * 18 + rng.int(0, 12)) * DAY - rng.int(1, 20) * 3_600_000);
    const categoryId = BLOG_CATEGORY_IDS[category];
    const imageUrl = await ctx.images.generate({
      key: `specials/blog/${i + 1}`,
      width: 640,
      height: 360,
      title: title.en,
      subtitle: category,
      seed: 5000 + i,
    });
    const [post] = await ctx.db
      .insert(blogPosts)
      .values({
        slug: `${slugify(title.en)}-${i + 1}`,
        categoryId,
        title,
        teaser: fillLocalized(template.teaser, values),
        body: paragraphs(...BLOG_BODY.map((p) => fillLocalized(p, values))),
        imageUrl,
        imageWidth: 640,
        imageHeight: 360,
        published,
        featured: i % 9 === 0,
      })
      .onConflictDoNothing()
      .returning({ id: blogPosts.id });
    if (post && star)
      await ctx.db.insert(blogPostActors).values({ postId: post.id, actorId: star.id }).onConflictDoNothing();
  }
}

const CONTESTS: {
  type: 'photo' | 'video';
  title: TextInEveryLanguage;
  description: TextInEveryLanguage;
  startDays: number;
  endDays: number;
}[] = [
  {
    type: 'photo',
    title: { de: 'Sommer-Selfie', en: 'Summer selfie', nl: 'Zomerselfie', es: 'Selfi de verano' },
    description: {
      de: 'Das schönste Sommer-Selfie gewinnt. Stimme für deine Favoritin ab.',
      en: 'The best summer selfie wins. Vote for your favourite.',
      nl: 'De mooiste zomerselfie wint. Stem op je favoriet.',
      es: 'Gana el mejor selfi de verano. Vota por tu favorita.',
    },
    startDays: -10,
    endDays: 20,
  },
  {
    type: 'video',
    title: { de: 'Bester Tanz-Clip', en: 'Best dance clip', nl: 'Beste dansclip', es: 'Mejor clip de baile' },
    description: {
      de: 'Wer hat die besten Moves? Die Clips der Teilnehmerinnen.',
      en: 'Who has the best moves? The entrants’ clips.',
      nl: 'Wie heeft de beste moves? De clips van de deelneemsters.',
      es: '¿Quién tiene los mejores movimientos? Los clips de las participantes.',
    },
    startDays: -3,
    endDays: 11,
  },
  {
    type: 'photo',
    title: { de: 'Halloween-Kostüm', en: 'Halloween costume', nl: 'Halloweenkostuum', es: 'Disfraz de Halloween' },
    description: {
      de: 'Gruselig, süß oder beides: die Kostüme des Jahres.',
      en: 'Spooky, sweet or both: this year’s costumes.',
      nl: 'Griezelig, schattig of allebei: de kostuums van dit jaar.',
      es: 'Terrorífico, dulce o ambos: los disfraces del año.',
    },
    startDays: -40,
    endDays: -20,
  },
  {
    type: 'photo',
    title: { de: 'Weihnachts-Outfit', en: 'Christmas outfit', nl: 'Kerstoutfit', es: 'Look navideño' },
    description: {
      de: 'Festlich, frech, glitzernd: die Outfits vom letzten Dezember.',
      en: 'Festive, cheeky, sparkling: last December’s outfits.',
      nl: 'Feestelijk, brutaal, glinsterend: de outfits van afgelopen december.',
      es: 'Festivo, atrevido, brillante: los looks del pasado diciembre.',
    },
    startDays: -340,
    endDays: -320,
  },
];

/** An entry is called after its contest and its performer: "Summer selfie by Anna". */
const entryTitle = (contest: TextInEveryLanguage, name: string): TextInEveryLanguage => ({
  de: `${contest.de} von ${name}`,
  en: `${contest.en} by ${name}`,
  nl: `${contest.nl} van ${name}`,
  es: `${contest.es} de ${name}`,
});

async function seedContests(
  ctx: ModuleContext,
  entries: number,
  performers: Performer[],
  rng: ReturnType<typeof random>,
  now: number,
) {
  for (const [c, definition] of CONTESTS.entries()) {
    const previewUrl = await ctx.images.generate({
      key: `specials/contests/${c + 1}/header`,
      width: 960,
      height: 320,
      title: definition.title.en,
      subtitle: 'Contest',
      seed: 6000 + c,
    });
    const [contest] = await ctx.db
      .insert(contests)
      .values({
        ...definition,
        previewUrl,
        start: new Date(now + definition.startDays * DAY),
        end: new Date(now + definition.endDays * DAY),
      })
      .returning({ id: contests.id });
    if (!contest || performers.length === 0) continue;
    for (let e = 0; e < entries; e++) {
      const star = performers[(c * 5 + e * 3) % performers.length]!;
      const url = await ctx.images.generate({
        key: `specials/contests/${c + 1}/${e + 1}`,
        width: 320,
        height: 427,
        title: star.displayName,
        subtitle: definition.title.en,
        seed: 6100 + c * 100 + e,
      });
      await ctx.db.insert(contestMedia).values({
        contestId: contest.id,
        actorId: star.id,
        title: entryTitle(definition.title, star.displayName),
        previewUrl: url,
        width: 320,
        height: 427,
        votes: rng.int(0, 400),
        createdAt: new Date(
          now + (definition.startDays + (e * (definition.endDays - definition.startDays)) / (entries * 2)) * DAY,
        ),
      });
    }
  }
}

type OfferSeed = {
  offer: DailyBonusOfferType;
  title: TextInEveryLanguage;
  description: TextInEveryLanguage;
  conditions: { name: string; value: string }[];
  effect: { name: string; value: number; unit: string; code: string | null };
  free: boolean;
  price: { value: number; currency: 'EUR' | 'VXC' } | null;
  content: { type: 'video' | 'wallpaper' | 'gift'; title: TextInEveryLanguage } | null;
};

const OFFERS: OfferSeed[] = [
  {
    offer: 'TopUpPercent',
    title: {
      de: '20 % Bonus auf deine Aufladung',
      en: '20% bonus on your top-up',
      nl: '20% bonus op je opwaardering',
      es: '20 % de bono en tu recarga',
    },
    description: {
      de: 'Lade heute ab 20 € auf und erhalte 20 % Coins obendrauf.',
      en: 'Top up €20 or more today and get 20% extra coins.',
      nl: 'Waardeer vandaag € 20 of meer op en krijg 20% extra coins.',
      es: 'Recarga hoy 20 € o más y recibe un 20 % de monedas extra.',
    },
    conditions: [{ name: 'minTopUp', value: '2000' }],
    effect: { name: 'topUpBonus', value: 20, unit: 'percent', code: 'DAILY20' },
    free: false,
    price: null,
    content: null,
  },
  {
    offer: 'video',
    title: { de: 'Video des Tages', en: 'Video of the day', nl: 'Video van de dag', es: 'Vídeo del día' },
    description: {
      de: 'Nur heute zum Sonderpreis.',
      en: 'Today only at a special price.',
      nl: 'Alleen vandaag voor een speciale prijs.',
      es: 'Solo hoy a precio especial.',
    },
    conditions: [],
    effect: { name: 'discount', value: 50, unit: 'percent', code: null },
    free: false,
    price: { value: 1996, currency: 'VXC' },
    content: {
      type: 'video',
      title: { de: 'Morgens am See', en: 'Morning at the lake', nl: 'Ochtend aan het meer', es: 'Mañana en el lago' },
    },
  },
  {
    offer: 'VipOneDay',
    title: {
      de: 'Ein Tag VIP gratis',
      en: 'One day of VIP for free',
      nl: 'Een dag gratis VIP',
      es: 'Un día VIP gratis',
    },
    description: {
      de: 'Alle VIP-Vorteile für 24 Stunden, ab einer Aufladung von 10 €.',
      en: 'Every VIP benefit for 24 hours with a top-up of €10.',
      nl: 'Alle VIP-voordelen 24 uur lang bij een opwaardering vanaf € 10.',
      es: 'Todas las ventajas VIP durante 24 horas con una recarga de 10 €.',
    },
    conditions: [{ name: 'minTopUp', value: '1000' }],
    effect: { name: 'vipDays', value: 1, unit: 'days', code: 'VIPDAY' },
    free: false,
    price: null,
    content: null,
  },
  {
    offer: 'MessengerGift',
    title: {
      de: 'Ein Messenger-Geschenk gratis',
      en: 'A free messenger gift',
      nl: 'Een gratis messenger-cadeau',
      es: 'Un regalo de mensajero gratis',
    },
    description: {
      de: 'Schicke heute ein Geschenk, ohne zu bezahlen.',
      en: 'Send a gift today without paying.',
      nl: 'Stuur vandaag een cadeau zonder te betalen.',
      es: 'Envía hoy un regalo sin pagar.',
    },
    conditions: [],
    effect: { name: 'messengerGift', value: 1, unit: 'pieces', code: null },
    free: true,
    price: null,
    content: { type: 'gift', title: { de: 'Rote Rose', en: 'Red rose', nl: 'Rode roos', es: 'Rosa roja' } },
  },
  {
    offer: 'photo_album',
    title: {
      de: 'Fotoalbum zum halben Preis',
      en: 'Photo album at half price',
      nl: 'Fotoalbum voor de halve prijs',
      es: 'Álbum de fotos a mitad de precio',
    },
    description: {
      de: 'Ein ausgewähltes Album, nur heute reduziert.',
      en: 'A selected album, reduced today only.',
      nl: 'Een geselecteerd album, alleen vandaag afgeprijsd.',
      es: 'Un álbum seleccionado, rebajado solo hoy.',
    },
    conditions: [],
    effect: { name: 'discount', value: 50, unit: 'percent', code: null },
    free: false,
    price: { value: 996, currency: 'VXC' },
    content: {
      type: 'wallpaper',
      title: { de: 'Sonnenuntergang', en: 'Sunset', nl: 'Zonsondergang', es: 'Atardecer' },
    },
  },
  {
    offer: 'TopUpFlat',
    title: { de: '50 Bonus-Coins', en: '50 bonus coins', nl: '50 bonuscoins', es: '50 monedas de bono' },
    description: {
      de: 'Ab einer Aufladung von 25 € gibt es 50 Coins dazu.',
      en: 'Top up €25 or more and get 50 extra coins.',
      nl: 'Waardeer € 25 of meer op en krijg er 50 coins bij.',
      es: 'Recarga 25 € o más y recibe 50 monedas extra.',
    },
    conditions: [{ name: 'minTopUp', value: '2500' }],
    effect: { name: 'bonusCoins', value: 5000, unit: 'coins', code: 'FLAT50' },
    free: false,
    price: null,
    content: null,
  },
  {
    offer: 'VideoVoucher',
    title: { de: 'Video-Gutschein', en: 'Video voucher', nl: 'Videotegoedbon', es: 'Vale de vídeo' },
    description: {
      de: 'Ein Video deiner Wahl gratis ab einer Aufladung von 15 €.',
      en: 'A video of your choice for free with a top-up of €15.',
      nl: 'Een video naar keuze gratis bij een opwaardering vanaf € 15.',
      es: 'Un vídeo a tu elección gratis con una recarga de 15 €.',
    },
    conditions: [{ name: 'minTopUp', value: '1500' }],
    effect: { name: 'videoVoucher', value: 1, unit: 'pieces', code: 'VIDEO1' },
    free: false,
    price: null,
    content: null,
  },
  {
    offer: 'Merchandise',
    title: { de: 'Velvet-Tasse', en: 'Velvet mug', nl: 'Velvet-mok', es: 'Taza Velvet' },
    description: {
      de: 'Die Tasse zum Magazin, solange der Vorrat reicht.',
      en: 'The magazine’s mug, while stocks last.',
      nl: 'De mok van het magazine, zolang de voorraad strekt.',
      es: 'La taza de la revista, hasta agotar existencias.',
    },
    conditions: [{ name: 'vip', value: 'true' }],
    effect: { name: 'merchandise', value: 1, unit: 'pieces', code: null },
    free: false,
    price: { value: 1490, currency: 'EUR' },
    content: null,
  },
];

/** Performers a daily-bonus day features beside its offers. */
const DAILY_BONUS_MODELS = 3;

async function seedDailyBonus(
  ctx: ModuleContext,
  rng: ReturnType<typeof random>,
  now: number,
  performers: Performer[],
) {
  const today = dateInZone(new Date(now));
  for (let day = 0; day < DAILY_BONUS_SEEDED_DAYS; day++) {
    const date = addDaysToDate(today, day);
    // Bonus models taken in turn from the catalogue (not drawn: the seed's random sequence stays as it was).
    const models = [
      ...new Set(
        Array.from(
          { length: Math.min(DAILY_BONUS_MODELS, performers.length) },
          (_, i) => performers[(day * DAILY_BONUS_MODELS + i) % performers.length]!.id,
        ),
      ),
    ];
    if (models.length > 0)
      await ctx.db.insert(dailyBonusModels).values(models.map((actorId, position) => ({ date, actorId, position })));
    // Two offers a day, rotating through the offer types.
    for (const definition of [OFFERS[(day * 2) % OFFERS.length]!, OFFERS[(day * 2 + 1) % OFFERS.length]!]) {
      const imageUrl = await ctx.images.generate({
        key: `specials/daily-bonus/${definition.offer}`,
        width: 480,
        height: 270,
        title: definition.title.en,
        subtitle: 'Daily bonus',
        seed: 7000 + OFFERS.indexOf(definition),
      });
      const quantity = rng.int(50, 500);
      await ctx.db.insert(dailyBonusOffers).values({
        date,
        offer: definition.offer,
        title: definition.title,
        description: definition.description,
        imageUrl,
        conditions: definition.conditions,
        effect: definition.effect,
        quantity,
        purchased: day === 0 ? rng.int(0, Math.floor(quantity / 2)) : 0,
        free: definition.free,
        content: definition.content
          ? { type: definition.content.type, id: null, title: definition.content.title, imageUrl }
          : null,
        priceValue: definition.price?.value ?? null,
        priceCurrency: definition.price?.currency ?? null,
      });
    }
  }
}

type EventSeed = {
  id: number;
  slug: string;
  gameType: string;
  name: TextInEveryLanguage;
  description: TextInEveryLanguage;
  start: Date;
  end: Date;
  dailyAttempts: number;
};

async function seedEvents(ctx: ModuleContext, now: number): Promise<EventSeed[]> {
  const year = new Date(now).getUTCFullYear();
  const at = (y: number, m: number, d: number) => new Date(Date.UTC(y, m - 1, d, 10));
  const relative = (days: number) => new Date(now + days * DAY);
  const events: EventSeed[] = [
    {
      id: 31,
      slug: 'slot-machine',
      gameType: 'slotmachine',
      name: same('Slot Machine'),
      description: {
        de: 'Dreh täglich am Automaten und gewinne Coins, Videos und Freidrehs.',
        en: 'Pull the lever every day and win coins, videos and free spins.',
        nl: "Trek elke dag aan de hendel en win coins, video's en gratis draaien.",
        es: 'Tira de la palanca cada día y gana monedas, vídeos y giros gratis.',
      },
      start: relative(-3),
      end: relative(10),
      dailyAttempts: 3,
    },
    {
      id: 32,
      slug: 'cum-on',
      gameType: 'cumOn',
      name: same('Cum On'),
      description: {
        de: 'Sammle Punkte in den Chats und tausche sie gegen Prämien.',
        en: 'Collect points in chats and trade them for rewards.',
        nl: 'Verzamel punten in de chats en wissel ze in voor beloningen.',
        es: 'Acumula puntos en los chats y cámbialos por premios.',
      },
      start: relative(-1),
      end: relative(6),
      dailyAttempts: 5,
    },
    {
      id: 33,
      slug: 'vr-porn',
      gameType: 'vrPorn',
      name: same('VR Porn'),
      description: {
        de: 'Jeden Tag eine VR-Box mit Clips und Coins.',
        en: 'A VR box with clips and coins every day.',
        nl: 'Elke dag een VR-box met clips en coins.',
        es: 'Cada día una caja de RV con clips y monedas.',
      },
      start: relative(7),
      end: relative(30),
      dailyAttempts: 1,
    },
    {
      id: 34,
      slug: 'halloween',
      gameType: 'halloween',
      name: same('Halloween'),
      description: {
        de: 'Süßes oder Saures: jeden Tag ein Kürbis mit Überraschung.',
        en: 'Trick or treat: a pumpkin with a surprise every day.',
        nl: 'Snoep of je leven: elke dag een pompoen met een verrassing.',
        es: 'Truco o trato: una calabaza con sorpresa cada día.',
      },
      start: at(year, 10, 20),
      end: at(year, 11, 1),
      dailyAttempts: 1,
    },
    {
      id: SPECIAL_EVENT_IDS.wiesnShooting,
      slug: 'wiesn-shooting',
      gameType: 'wiesnShooting',
      name: {
        de: 'Wiesn-Schießbude',
        en: 'Wiesn shooting gallery',
        nl: 'Wiesn-schiettent',
        es: 'Caseta de tiro de la Wiesn',
      },
      description: {
        de: 'Triff die Herzen und gewinne Lebkuchen-Prämien.',
        en: 'Hit the hearts and win gingerbread rewards.',
        nl: 'Raak de harten en win peperkoekprijzen.',
        es: 'Acierta a los corazones y gana premios de pan de jengibre.',
      },
      start: at(year, 9, 19),
      end: at(year, 10, 5),
      dailyAttempts: 3,
    },
    {
      id: SPECIAL_EVENT_IDS.wiesnBude,
      slug: 'wiesn-bude',
      gameType: 'wiesnBude',
      name: { de: 'Wiesn-Bude', en: 'Wiesn booth', nl: 'Wiesn-kraam', es: 'Caseta de la Wiesn' },
      description: {
        de: 'Jeden Tag ein Los an der Bude.',
        en: 'A ticket at the booth every day.',
        nl: 'Elke dag een lot bij de kraam.',
        es: 'Un boleto en la caseta cada día.',
      },
      start: at(year, 9, 19),
      end: at(year, 10, 5),
      dailyAttempts: 1,
    },
    {
      id: 35,
      slug: 'wet-and-wild',
      gameType: 'wetAndWild',
      name: same('Wet & Wild'),
      description: {
        de: 'Das Sommerspiel mit Wasserbomben und Preisen.',
        en: 'The summer game with water bombs and prizes.',
        nl: 'Het zomerspel met waterbommen en prijzen.',
        es: 'El juego de verano con globos de agua y premios.',
      },
      start: at(year, 7, 1),
      end: at(year, 8, 31),
      dailyAttempts: 3,
    },
    {
      id: 36,
      slug: 'kick-it-2024',
      gameType: 'kickIt',
      name: same('Kick it 2024'),
      description: {
        de: 'Das Torwandschießen zur Fußball-EM.',
        en: 'The goal-wall shoot-out for the football championship.',
        nl: 'Het doelmuurschieten voor het EK voetbal.',
        es: 'La tanda de penaltis de la Eurocopa.',
      },
      start: at(2024, 6, 14),
      end: at(2024, 7, 14),
      dailyAttempts: 3,
    },
    {
      id: 37,
      slug: 'kick-it-2025',
      gameType: 'kickIt',
      name: same('Kick it 2025'),
      description: {
        de: 'Torwandschießen, Runde zwei.',
        en: 'Goal-wall shoot-out, round two.',
        nl: 'Doelmuurschieten, ronde twee.',
        es: 'Tanda de penaltis, segunda ronda.',
      },
      start: at(2025, 6, 13),
      end: at(2025, 7, 13),
      dailyAttempts: 3,
    },
    {
      id: SPECIAL_EVENT_IDS.venusAttacks,
      slug: 'venus-attacks',
      gameType: 'venusAttacks',
      name: same('Venus Attacks'),
      description: {
        de: 'Das Spiel zur Venus-Messe.',
        en: 'The game of the Venus fair.',
        nl: 'Het spel van de Venus-beurs.',
        es: 'El juego de la feria Venus.',
      },
      start: at(year, 10, 16),
      end: at(year, 10, 26),
      dailyAttempts: 3,
    },
    {
      id: 38,
      slug: 'reward-box',
      gameType: 'rewardBox',
      name: { de: 'Überraschungsbox', en: 'Reward box', nl: 'Verrassingsbox', es: 'Caja de premios' },
      description: {
        de: 'Öffne jeden Tag deine Box: Coins, Videos, Gutscheine oder VIP-Tage.',
        en: 'Open your box every day: coins, videos, vouchers or VIP days.',
        nl: "Open elke dag je box: coins, video's, tegoedbonnen of VIP-dagen.",
        es: 'Abre tu caja cada día: monedas, vídeos, vales o días VIP.',
      },
      start: relative(-2),
      end: relative(12),
      dailyAttempts: 1,
    },
    {
      id: 39,
      slug: 'spit-or-swallow',
      gameType: 'spitOrSwallow',
      name: same('Spit or Swallow'),
      description: {
        de: 'Entscheide dich zweimal am Tag und hol dir deinen Preis.',
        en: 'Make your choice twice a day and take your prize.',
        nl: 'Maak twee keer per dag je keuze en haal je prijs.',
        es: 'Elige dos veces al día y llévate tu premio.',
      },
      start: relative(-1),
      end: relative(8),
      dailyAttempts: 2,
    },
    {
      id: SPECIAL_EVENT_IDS.gaudi,
      slug: 'gaudi',
      gameType: 'gaudi',
      name: { de: 'Faschings-Gaudi', en: 'Carnival fun', nl: 'Carnavalspret', es: 'Fiesta de carnaval' },
      description: {
        de: 'Helau und Alaaf: jeden Tag eine Pappnase voller Preise.',
        en: 'Carnival time: a clown nose full of prizes every day.',
        nl: 'Alaaf! Elke dag een clownsneus vol prijzen.',
        es: 'Carnaval: cada día una nariz de payaso llena de premios.',
      },
      start: at(year, 2, 12),
      end: at(year, 2, 18),
      dailyAttempts: 2,
    },
  ];
  for (const event of events) {
    const imageUrl = await ctx.images.generate({
      key: `specials/events/${event.slug}`,
      width: 640,
      height: 360,
      title: event.name.en,
      subtitle: 'Special event',
      seed: 8000 + event.id,
    });
    await ctx.db
      .insert(specialEvents)
      .values({
        id: event.id,
        slug: event.slug,
        gameType: event.gameType,
        name: event.name,
        description: event.description,
        imageUrl,
        startDate: event.start,
        endDate: event.end,
        dailyAttempts: event.dailyAttempts,
        dayConfigs: dayConfigs(event),
        rewards: GAME_REWARDS[event.gameType] ?? GAME_REWARDS.default!,
      })
      .onConflictDoNothing();
  }
  await seedAdventCalendar(ctx, now);
  return events;
}

/** Every day of an event: its attempts, and points that grow through each week of it. */
function dayConfigs(event: EventSeed): GameDayConfig[] {
  const days = Math.max(1, Math.ceil((event.end.getTime() - event.start.getTime()) / DAY) + 1);
  return Array.from({ length: days }, (_, index) => ({
    day: index + 1,
    dailyAttempts: event.dailyAttempts,
    pointsPerAttempt: 10 * ((index % 7) + 1),
  }));
}

/** What an attempt can win, chances in per cent; the slot machine always pays out something. */
const GAME_REWARDS: Record<string, GameRewardRow[]> = {
  slotmachine: [
    { type: 'bonus', value: 10, chance: 25 },
    { type: 'freeSpins', value: 1, chance: 20 },
    { type: 'freeMessages', value: 3, chance: 20 },
    { type: 'videoVoucher', value: 1, chance: 15 },
    { type: 'video', value: 0, chance: 10 },
    { type: 'messengerGift', value: 1, chance: 10 },
  ],
  rewardBox: [
    { type: 'bonus', value: 25, chance: 20 },
    { type: 'video', value: 0, chance: 20 },
    { type: 'photoAlbum', value: 0, chance: 15 },
    { type: 'videoVoucher', value: 1, chance: 15 },
    { type: 'vipAbo', value: 1, chance: 10 },
    { type: 'freeMessages', value: 5, chance: 10 },
    { type: 'chatRoses', value: 3, chance: 10 },
  ],
  spitOrSwallow: [
    { type: 'ontop', value: 15, chance: 30 },
    { type: 'freePreview', value: 1, chance: 20 },
    { type: 'ticketshow', value: 1, chance: 10 },
    { type: 'messengerGift', value: 2, chance: 20 },
  ],
  default: [
    { type: 'bonus', value: 10, chance: 25 },
    { type: 'freeSpins', value: 1, chance: 15 },
    { type: 'freeMessages', value: 3, chance: 15 },
    { type: 'videoVoucher', value: 1, chance: 10 },
    { type: 'video', value: 0, chance: 5 },
    { type: 'bonusCode', value: 1, chance: 5 },
  ],
};

/** The doors' rewards, door 1 first: every reward type of the product turns up once at least. */
const ADVENT_REWARDS: [RewardType, number][] = [
  ['bonus', 10],
  ['freeSpins', 1],
  ['freeMessages', 3],
  ['videoVoucher', 1],
  ['video', 0],
  ['messengerGift', 1],
  ['ticketshow', 1],
  ['photoAlbum', 0],
  ['ontop', 15],
  ['chatRoses', 3],
  ['vipAbo', 1],
  ['freePreview', 1],
  ['bonusCode', 1],
  ['liveshow', 1],
  ['vipBonus', 20],
  ['freeSpins', 2],
  ['bonus', 25],
  ['merch', 1],
  ['video', 0],
  ['freeMessages', 5],
  ['messengerGift', 2],
  ['blank', 0],
  ['ontop', 30],
  ['bonus', 100],
];

/**
 * The advent calendar: doors 1 to 24 from 1 December in Berlin. Outside December's first 24 days the demo's calendar
 * starts three days before the seed, so every new site has a door to open today.
 */
async function seedAdventCalendar(ctx: ModuleContext, now: number) {
  const today = dateInZone(new Date(now));
  const december = `${today.slice(0, 4)}-12-01`;
  const inAdvent = today >= december && today <= addDaysToDate(december, ADVENT_DOORS - 1);
  const first = inAdvent ? december : addDaysToDate(today, -3);
  await ctx.db
    .insert(adventDoors)
    .values(
      ADVENT_REWARDS.map(([rewardType, value], index) => ({
        door: index + 1,
        day: addDaysToDate(first, index),
        rewardType,
        value,
      })),
    )
    .onConflictDoNothing();
}

const PAGES: {
  slug: string;
  eventSlug: string | null;
  title: TextInEveryLanguage;
  teaser: TextInEveryLanguage;
  body: TextInEveryLanguage[];
}[] = [
  {
    slug: 'easter',
    eventSlug: null,
    title: { de: 'Ostereiersuche', en: 'Easter egg hunt', nl: 'Paaseieren zoeken', es: 'Búsqueda de huevos de Pascua' },
    teaser: {
      de: 'Finde die versteckten Eier auf den Profilen und sammle Prämien.',
      en: 'Find the eggs hidden on the profiles and collect rewards.',
      nl: 'Vind de eieren die op de profielen verstopt zijn en verzamel beloningen.',
      es: 'Encuentra los huevos escondidos en los perfiles y consigue premios.',
    },
    body: [
      {
        de: 'Zu Ostern verstecken unsere Amateure bunte Eier auf ihren Profilen.',
        en: 'At Easter our amateurs hide colourful eggs on their profiles.',
        nl: 'Met Pasen verstoppen onze amateurs kleurige eieren op hun profielen.',
        es: 'En Pascua nuestras amateurs esconden huevos de colores en sus perfiles.',
      },
      {
        de: 'Je mehr Eier du findest, desto größer die Prämie.',
        en: 'The more eggs you find, the bigger the reward.',
        nl: 'Hoe meer eieren je vindt, hoe groter de beloning.',
        es: 'Cuantos más huevos encuentres, mayor será el premio.',
      },
    ],
  },
  {
    slug: 'shooting-gallery',
    eventSlug: 'wiesn-shooting',
    title: {
      de: 'Die Wiesn-Schießbude',
      en: 'The Wiesn shooting gallery',
      nl: 'De Wiesn-schiettent',
      es: 'La caseta de tiro de la Wiesn',
    },
    teaser: {
      de: 'Drei Schuss am Tag, Herzen treffen, Lebkuchen gewinnen.',
      en: 'Three shots a day: hit the hearts, win gingerbread.',
      nl: 'Drie schoten per dag: raak de harten en win peperkoek.',
      es: 'Tres disparos al día: acierta a los corazones y gana pan de jengibre.',
    },
    body: [
      {
        de: 'Jeden Tag hast du drei Versuche an der Schießbude.',
        en: 'You have three tries at the shooting gallery every day.',
        nl: 'Je hebt elke dag drie pogingen bij de schiettent.',
        es: 'Tienes tres intentos al día en la caseta de tiro.',
      },
    ],
  },
  {
    slug: 'wetnwildgame',
    eventSlug: 'wet-and-wild',
    title: {
      de: 'Wet & Wild: das Sommerspiel',
      en: 'Wet & Wild: the summer game',
      nl: 'Wet & Wild: het zomerspel',
      es: 'Wet & Wild: el juego de verano',
    },
    teaser: {
      de: 'Wasserbomben werfen und Preise abräumen.',
      en: 'Throw water bombs and sweep up prizes.',
      nl: 'Gooi waterbommen en sleep de prijzen binnen.',
      es: 'Lanza globos de agua y llévate premios.',
    },
    body: [
      {
        de: 'Den ganzen Sommer lang: drei Würfe pro Tag.',
        en: 'All summer long: three throws a day.',
        nl: 'De hele zomer lang: drie worpen per dag.',
        es: 'Todo el verano: tres lanzamientos al día.',
      },
    ],
  },
  {
    slug: 'advent-calendar',
    eventSlug: null,
    title: {
      de: 'Der Adventskalender',
      en: 'The advent calendar',
      nl: 'De adventskalender',
      es: 'El calendario de Adviento',
    },
    teaser: {
      de: '24 Türchen, 24 Überraschungen.',
      en: '24 doors, 24 surprises.',
      nl: '24 deurtjes, 24 verrassingen.',
      es: '24 puertas, 24 sorpresas.',
    },
    body: [
      {
        de: 'Vom 1. bis 24. Dezember öffnet sich jeden Tag ein Türchen.',
        en: 'From 1 to 24 December a door opens every day.',
        nl: 'Van 1 tot en met 24 december gaat er elke dag een deurtje open.',
        es: 'Del 1 al 24 de diciembre se abre una puerta cada día.',
      },
    ],
  },
  {
    slug: 'goldrush',
    eventSlug: null,
    title: { de: 'Goldrausch', en: 'Gold rush', nl: 'Goudkoorts', es: 'Fiebre del oro' },
    teaser: {
      de: 'Sammle Treuepunkte mit jedem Coin und dreh am goldenen Rad.',
      en: 'Earn loyalty points with every coin and spin the golden wheel.',
      nl: 'Spaar loyaliteitspunten met elke coin en draai aan het gouden rad.',
      es: 'Gana puntos de fidelidad con cada moneda y gira la ruleta dorada.',
    },
    body: [
      {
        de: 'Jeder ausgegebene Coin bringt Punkte für das goldene Glücksrad.',
        en: 'Every coin you spend earns points for the golden wheel.',
        nl: 'Elke coin die je uitgeeft, levert punten op voor het gouden rad.',
        es: 'Cada moneda que gastas suma puntos para la ruleta dorada.',
      },
    ],
  },
  {
    slug: 'prize-draw',
    eventSlug: null,
    title: { de: 'Das große Gewinnspiel', en: 'The big prize draw', nl: 'De grote winactie', es: 'El gran sorteo' },
    teaser: {
      de: 'Mitmachen und mit etwas Glück ein Treffen mit deinem Star gewinnen.',
      en: 'Take part and, with some luck, win a meeting with your star.',
      nl: 'Doe mee en win met een beetje geluk een ontmoeting met je ster.',
      es: 'Participa y, con algo de suerte, gana un encuentro con tu estrella.',
    },
    body: [
      {
        de: 'Unter allen Teilnehmern verlosen wir am Monatsende die Preise.',
        en: 'The prizes are drawn among all entrants at the end of the month.',
        nl: 'Aan het eind van de maand verloten we de prijzen onder alle deelnemers.',
        es: 'Los premios se sortean entre todos los participantes a final de mes.',
      },
    ],
  },
  {
    slug: 'high-on-rose',
    eventSlug: null,
    title: { de: 'High on Rose', en: 'High on Rose', nl: 'High on Rose', es: 'High on Rose' },
    teaser: {
      de: 'Verschenke Chat-Rosen und steig in der Rangliste deiner Favoritin auf.',
      en: 'Give chat roses and climb your favourite’s ranking.',
      nl: 'Geef chatrozen en klim omhoog in de ranglijst van je favoriet.',
      es: 'Regala rosas de chat y sube en la clasificación de tu favorita.',
    },
    body: [
      {
        de: 'Jede Rose zählt: Die Amateure mit den meisten Rosen landen ganz oben.',
        en: 'Every rose counts: the amateurs with the most roses end up on top.',
        nl: 'Elke roos telt: de amateurs met de meeste rozen komen bovenaan.',
        es: 'Cada rosa cuenta: las amateurs con más rosas llegan a lo más alto.',
      },
      {
        de: 'Rosen gibt es im Chat, am Glücksrad und als Tagesangebot.',
        en: 'Roses come from the chat, the spinwheel and the daily deals.',
        nl: 'Rozen krijg je in de chat, aan het rad van fortuin en bij de dagaanbiedingen.',
        es: 'Las rosas se consiguen en el chat, en la ruleta y en las ofertas del día.',
      },
    ],
  },
];

async function seedMagazinePages(ctx: ModuleContext, events: EventSeed[]) {
  for (const [i, page] of PAGES.entries()) {
    const imageUrl = await ctx.images.generate({
      key: `specials/magazines/${page.slug}`,
      width: 960,
      height: 400,
      title: page.title.en,
      subtitle: 'Magazine',
      seed: 9000 + i,
    });
    await ctx.db
      .insert(magazinePages)
      .values({
        slug: page.slug,
        title: page.title,
        teaser: page.teaser,
        body: paragraphs(...page.body),
        imageUrl,
        imageWidth: 960,
        imageHeight: 400,
        eventId: events.find((e) => e.slug === page.eventSlug)?.id ?? null,
      })
      .onConflictDoNothing();
  }
}

const CHALLENGES: {
  name: string;
  type: 'photo' | 'video' | 'live';
  title: TextInEveryLanguage;
  subTitle: TextInEveryLanguage;
  description: TextInEveryLanguage;
  startDays: number;
  endDays: number;
}[] = [
  {
    name: 'outfit',
    type: 'photo',
    title: { de: 'Outfit-Duell', en: 'Outfit duel', nl: 'Outfitduel', es: 'Duelo de looks' },
    subTitle: { de: 'Runde 1', en: 'Round 1', nl: 'Ronde 1', es: 'Ronda 1' },
    description: {
      de: 'Welches Team hat das heißere Outfit?',
      en: 'Which team has the hotter outfit?',
      nl: 'Welk team heeft de heetste outfit?',
      es: '¿Qué equipo tiene el look más atrevido?',
    },
    startDays: -6,
    endDays: -3,
  },
  {
    name: 'dance',
    type: 'video',
    title: { de: 'Tanz-Duell', en: 'Dance duel', nl: 'Dansduel', es: 'Duelo de baile' },
    subTitle: { de: 'Runde 2', en: 'Round 2', nl: 'Ronde 2', es: 'Ronda 2' },
    description: {
      de: 'Ein Song, zwei Teams, deine Stimme entscheidet.',
      en: 'One song, two teams, your vote decides.',
      nl: 'Eén nummer, twee teams, jouw stem beslist.',
      es: 'Una canción, dos equipos, tu voto decide.',
    },
    startDays: -2,
    endDays: 2,
  },
  {
    name: 'live-finale',
    type: 'live',
    title: { de: 'Live-Finale', en: 'Live final', nl: 'Livefinale', es: 'Final en directo' },
    subTitle: { de: 'Runde 3', en: 'Round 3', nl: 'Ronde 3', es: 'Ronda 3' },
    description: {
      de: 'Beide Teams gleichzeitig live: wer begeistert mehr?',
      en: 'Both teams live at once: who thrills more?',
      nl: 'Beide teams tegelijk live: wie maakt de meeste indruk?',
      es: 'Los dos equipos en directo a la vez: ¿quién emociona más?',
    },
    startDays: 3,
    endDays: 5,
  },
];

async function seedClash(ctx: ModuleContext, performers: Performer[], rng: ReturnType<typeof random>, now: number) {
  if (performers.length < 2) return;
  const [clash] = await ctx.db
    .insert(clashes)
    .values({
      name: 'Clash of Cams: Fire vs. Ice',
      start: new Date(now - 7 * DAY),
      end: new Date(now + 6 * DAY),
      themeId: 1,
    })
    .returning({ id: clashes.id });
  if (!clash) return;
  const perTeam = Math.min(4, Math.floor(performers.length / 2));
  const rosters = [performers.slice(0, perTeam), performers.slice(perTeam, perTeam * 2)];
  const teams = [];
  for (const [t, name] of ['Team Fire', 'Team Ice'].entries()) {
    const roster = rosters[t]!;
    const [team] = await ctx.db
      .insert(clashTeams)
      .values({ clashId: clash.id, name, points: 0, captainId: roster[0]!.id })
      .returning({ id: clashTeams.id });
    await ctx.db.insert(clashTeamMembers).values(roster.map((p) => ({ teamId: team!.id, actorId: p.id })));
    teams.push({ id: team!.id, roster });
  }
  const points = new Map<number, number>();
  for (const [c, definition] of CHALLENGES.entries()) {
    const previewPicture = await ctx.images.generate({
      key: `specials/clash/${c + 1}`,
      width: 640,
      height: 360,
      title: definition.title.en,
      subtitle: 'Clash of Cams',
      seed: 9500 + c,
    });
    const ended = definition.endDays < 0;
    const votes = teams.map(() => (definition.startDays < 0 ? rng.int(20, 300) : 0));
    const winnerVoting = ended ? teams[votes[0]! >= votes[1]! ? 0 : 1]!.id : null;
    if (winnerVoting !== null) points.set(winnerVoting, (points.get(winnerVoting) ?? 0) + CLASH_WIN_POINTS);
    const [challenge] = await ctx.db
      .insert(clashChallenges)
      .values({
        clashId: clash.id,
        name: definition.name,
        type: definition.type,
        start: new Date(now + definition.startDays * DAY),
        end: new Date(now + definition.endDays * DAY),
        title: definition.title,
        subTitle: definition.subTitle,
        description: definition.description,
        previewPicture,
        winnerAdmin: null,
        winnerVoting,
        moderatorName: 'Velvet',
        moderatorPicture: previewPicture,
      })
      .returning({ id: clashChallenges.id });
    for (const [t, team] of teams.entries()) {
      const media = [];
      for (const [m, member] of team.roster.slice(0, 2).entries()) {
        const src = await ctx.images.generate({
          key: `specials/clash/${c + 1}/${team.id}-${m}`,
          width: 320,
          height: 427,
          title: member.displayName,
          subtitle: definition.title.en,
          seed: 9600 + c * 20 + t * 5 + m,
        });
        media.push({
          type: 'image' as const,
          src,
          previewPicture: src,
          mediaId: (c + 1) * 100 + t * 10 + m,
          actorIds: [member.id],
        });
      }
      await ctx.db
        .insert(clashChallengeTeams)
        .values({ challengeId: challenge!.id, teamId: team.id, votes: votes[t]!, media });
    }
  }
  for (const [teamId, value] of points) {
    await ctx.db.update(clashTeams).set({ points: value }).where(eq(clashTeams.id, teamId));
  }
}

async function seedSpinwheel(ctx: ModuleContext) {
  const wheels: Record<string, [string, number][]> = {
    default: [
      ['freeSpins', 1],
      ['bonus', 50],
      ['freeMessages', 3],
      ['blank', 0],
      ['videoVoucher', 1],
      ['bonus', 100],
      ['messengerGift', 1],
      ['blank', 0],
    ],
    goldrausch: [
      ['bonus', 25],
      ['bonus', 50],
      ['blank', 0],
      ['bonus', 100],
      ['freeSpins', 2],
      ['bonus', 250],
      ['blank', 0],
      ['bonus', 500],
    ],
  };
  for (const [wheelType, segments] of Object.entries(wheels)) {
    await ctx.db
      .insert(spinwheelSegments)
      .values(segments.map(([rewardType, value], position) => ({ wheelType, position, rewardType, value })));
  }
  await ctx.db.insert(loyaltyMonthlyRewards).values([
    { wheelType: 'default', rewardType: 'freeSpins', requiredPoints: 30, value: 1 },
    { wheelType: 'default', rewardType: 'bonus', requiredPoints: 250, value: 50 },
    { wheelType: 'default', rewardType: 'videoVoucher', requiredPoints: 500, value: 1 },
    { wheelType: 'default', rewardType: 'messengerGift', requiredPoints: 1000, value: 3 },
    { wheelType: 'goldrausch', rewardType: 'bonus', requiredPoints: 500, value: 100 },
  ]);
}

/** Pages the demo's Easter eggs hide on (route names) and the spot on each. */
const EASTER_EGGS: [string, number][] = [
  ['home', 1],
  ['videos', 2],
  ['blog', 3],
  ['contests', 4],
  ['dailyDeals', 5],
  ['cams', 6],
  ['topCams', 2],
  ['easterEvent', 3],
];

const ACTIVITIES: {
  key: string;
  points: number;
  vipBonus: number;
  limitPerDay: number;
  faqLink: string;
  name: TextInEveryLanguage;
}[] = [
  {
    key: 'contestVote',
    points: 10,
    vipBonus: 5,
    limitPerDay: 3,
    faqLink: 'contests',
    name: {
      de: 'Im Wettbewerb abstimmen',
      en: 'Vote in a contest',
      nl: 'Stemmen in een wedstrijd',
      es: 'Votar en un concurso',
    },
  },
  {
    key: 'clashVote',
    points: 15,
    vipBonus: 5,
    limitPerDay: 1,
    faqLink: 'clashOfCams',
    name: {
      de: 'Beim Clash of Cams abstimmen',
      en: 'Vote in the clash of cams',
      nl: 'Stemmen in de clash of cams',
      es: 'Votar en el clash of cams',
    },
  },
  {
    key: 'gameAttempt',
    points: 5,
    vipBonus: 5,
    limitPerDay: 3,
    faqLink: 'blog',
    name: {
      de: 'Ein Event-Spiel spielen',
      en: 'Play an event game',
      nl: 'Een eventspel spelen',
      es: 'Jugar a un juego del evento',
    },
  },
  {
    key: 'adventDoor',
    points: 20,
    vipBonus: 10,
    limitPerDay: 1,
    faqLink: 'adventCalendar',
    name: {
      de: 'Ein Türchen öffnen',
      en: 'Open an advent door',
      nl: 'Een deurtje van de adventskalender openen',
      es: 'Abrir una puerta del calendario',
    },
  },
  {
    key: 'easterEgg',
    points: 10,
    vipBonus: 5,
    limitPerDay: 5,
    faqLink: 'easterEvent',
    name: {
      de: 'Ein Osterei finden',
      en: 'Find an Easter egg',
      nl: 'Een paasei vinden',
      es: 'Encontrar un huevo de Pascua',
    },
  },
  {
    key: 'spin',
    points: 5,
    vipBonus: 2,
    limitPerDay: 2,
    faqLink: 'myAccountSpinwheel',
    name: { de: 'Am Glücksrad drehen', en: 'Spin the wheel', nl: 'Aan het rad draaien', es: 'Girar la ruleta' },
  },
];

/**
 * The Easter egg hunt and the user-activity event, both running around the seed's day (so a new site has both to
 * try), each with rewards claimable for a week after its end. Seeded once: a second seed finds them.
 */
async function seedCalendarEvents(ctx: ModuleContext, now: number) {
  const existing = await ctx.db.select({ eventType: calendarEvents.eventType }).from(calendarEvents);
  const has = new Set(existing.map((row) => row.eventType));
  if (!has.has('easter')) {
    const [easter] = await ctx.db
      .insert(calendarEvents)
      .values({
        eventType: 'easter',
        name: {
          de: 'Ostereiersuche',
          en: 'Easter egg hunt',
          nl: 'Paaseieren zoeken',
          es: 'Búsqueda de huevos de Pascua',
        },
        start: new Date(now - 3 * DAY),
        end: new Date(now + 14 * DAY),
        rewardClaimEnd: new Date(now + 21 * DAY),
        rewards: [
          {
            id: 1,
            type: 'bonus',
            value: 25,
            required: 2,
            info: { de: '25 Bonus-Coins', en: '25 bonus coins', nl: '25 bonuscoins', es: '25 monedas de bonificación' },
          },
          {
            id: 2,
            type: 'freeSpins',
            value: 2,
            required: 4,
            info: {
              de: '2 Drehungen am Glücksrad',
              en: '2 spins of the wheel',
              nl: '2 keer draaien aan het rad',
              es: '2 giros de la ruleta',
            },
          },
          {
            id: 3,
            type: 'video',
            value: 0,
            required: 6,
            hidden: true,
            info: { de: 'Eine Überraschung', en: 'A surprise', nl: 'Een verrassing', es: 'Una sorpresa' },
          },
          {
            id: 4,
            type: 'bonus',
            value: 100,
            required: 8,
            isUpTo: true,
            info: {
              de: 'Bis zu 100 Bonus-Coins',
              en: 'Up to 100 bonus coins',
              nl: 'Tot 100 bonuscoins',
              es: 'Hasta 100 monedas de bonificación',
            },
          },
        ],
      })
      .returning();
    await ctx.db.insert(easterEggs).values(EASTER_EGGS.map(([page, spot]) => ({ eventId: easter!.id, page, spot })));
  }
  if (!has.has('userActivity')) {
    const [event] = await ctx.db
      .insert(calendarEvents)
      .values({
        eventType: 'userActivity',
        name: { de: 'Aktivitäts-Wochen', en: 'Activity weeks', nl: 'Activiteitenweken', es: 'Semanas de actividad' },
        start: new Date(now - 2 * DAY),
        end: new Date(now + 12 * DAY),
        rewardClaimEnd: new Date(now + 19 * DAY),
        rewards: [
          {
            id: 1,
            type: 'freeSpins',
            value: 1,
            required: 50,
            info: {
              de: 'Eine Drehung am Glücksrad',
              en: 'A spin of the wheel',
              nl: 'Een keer draaien aan het rad',
              es: 'Un giro de la ruleta',
            },
          },
          {
            id: 2,
            type: 'bonus',
            value: 20,
            required: 100,
            info: { de: '20 Bonus-Coins', en: '20 bonus coins', nl: '20 bonuscoins', es: '20 monedas de bonificación' },
          },
          {
            id: 3,
            type: 'video',
            value: 0,
            required: 200,
            info: {
              de: 'Ein Video für deine Mediathek',
              en: 'A video for your media library',
              nl: 'Een video voor je mediatheek',
              es: 'Un vídeo para tu mediateca',
            },
          },
          {
            id: 4,
            type: 'vipAbo',
            value: 3,
            required: 400,
            info: { de: '3 Tage VIP', en: '3 VIP days', nl: '3 VIP-dagen', es: '3 días VIP' },
          },
        ],
      })
      .returning();
    await ctx.db.insert(activityDefinitions).values(
      ACTIVITIES.map((activity) => ({
        eventId: event!.id,
        ...activity,
        faqTitle: { de: 'So geht’s', en: 'How it works', nl: 'Zo werkt het', es: 'Cómo funciona' },
      })),
    );
    await ctx.db.insert(activityChallenges).values([
      {
        eventId: event!.id,
        activityKey: 'easterEgg',
        target: 3,
        points: 50,
        link: 'easterEvent',
        name: { de: 'Eierjäger', en: 'Egg hunter', nl: 'Eierjager', es: 'Cazador de huevos' },
        description: {
          de: 'Finde 3 Ostereier.',
          en: 'Find 3 Easter eggs.',
          nl: 'Vind 3 paaseieren.',
          es: 'Encuentra 3 huevos de Pascua.',
        },
      },
      {
        eventId: event!.id,
        activityKey: 'contestVote',
        target: 5,
        points: 40,
        link: 'contests',
        name: { de: 'Jury', en: 'Jury', nl: 'Jury', es: 'Jurado' },
        description: {
          de: 'Stimme 5-mal in Wettbewerben ab.',
          en: 'Vote 5 times in contests.',
          nl: 'Stem 5 keer in wedstrijden.',
          es: 'Vota 5 veces en concursos.',
        },
      },
    ]);
  }
}

const GIFT_CALENDAR_GIFTS: [GameRewardRow['type'], number][] = [
  ['freeMessages', 3],
  ['bonus', 5],
  ['messengerGift', 1],
  ['freeSpins', 1],
  ['bonus', 10],
  ['chatRoses', 2],
  ['videoVoucher', 1],
];

/** Gift calendars of the first three performers: a gift a Berlin day for a week around the seed's day. */
async function seedGiftCalendars(ctx: ModuleContext, performers: Performer[], now: number) {
  const first = addDaysToDate(dateInZone(new Date(now)), -2);
  const rows = performers.slice(0, 3).flatMap((performer) =>
    GIFT_CALENDAR_GIFTS.map(([rewardType, value], index) => ({
      actorId: performer.id,
      day: addDaysToDate(first, index),
      rewardType,
      value,
    })),
  );
  if (rows.length > 0) await ctx.db.insert(giftCalendarDays).values(rows).onConflictDoNothing();
}
