import { Faker, de, en, es, nl } from '@faker-js/faker';
import {
  ACTOR_AVATAR_SIZE,
  DEFAULT_ACTOR_CATEGORY_ID,
  LANGUAGES,
  NEW_ACTOR_CATEGORY_ID,
  NEW_ACTOR_DAYS,
  SEDCARD_SIZE,
  type Language,
} from '@velvet/contracts';
import type { ModuleContext } from '../module';
import { actorCategories, actorCategoryMembers, actors, actorSedcards } from './schema';
import { CATEGORY_SEEDS, COUNTRIES, NICK_SUFFIXES, THREE_WORDS, aboutMeText } from './seed-texts';

const PERFORMER_COUNT = 100;
const SEDCARDS_PER_ACTOR = 4;
const IMAGE_CONCURRENCY = 8;
const DAY_MS = 86_400_000;
/** Categories performers are sorted into besides their main one (ids of CATEGORY_SEEDS). */
const THEMED_CATEGORY_IDS = CATEGORY_SEEDS.map((c) => c.id).filter(
  (id) => id !== DEFAULT_ACTOR_CATEGORY_ID && id !== NEW_ACTOR_CATEGORY_ID,
);
/** Whole coins per minute (VXC shows no decimals); 1 EUR is 4 coins. */
const VIDEO_CHAT_PRICES = [400, 500, 600, 800, 1000, 1200];
const wholeCoins = (hundredths: number) => Math.max(100, Math.round(hundredths / 100) * 100);

/** Runs `work` over `items` with at most `limit` in flight; answers the results in order. */
async function mapLimit<T, R>(
  items: readonly T[],
  limit: number,
  work: (item: T, index: number) => Promise<R>,
): Promise<R[]> {
  const results = new Array<R>(items.length);
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const index = next++;
      results[index] = await work(items[index] as T, index);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
  return results;
}

function uniqueNickname(faker: Faker, taken: Set<string>): string {
  for (;;) {
    const first = faker.person.firstName('female').replace(/[^A-Za-z]/g, '');
    const nick = faker.helpers.arrayElement([
      () => `${first}${faker.helpers.arrayElement(NICK_SUFFIXES)}`,
      () => `${faker.helpers.arrayElement(NICK_SUFFIXES)}${first}`,
      () => `${first}${faker.number.int({ min: 18, max: 99 })}`,
      () => first,
    ])();
    if (nick.length >= 3 && !taken.has(nick.toLowerCase())) {
      taken.add(nick.toLowerCase());
      return nick;
    }
  }
}

const isoDate = (date: Date) => date.toISOString().slice(0, 10);

/**
 * The demo performers: 100 per unit of scale with profiles in their languages, prices, categories, an avatar
 * and four sedcards each (generated images), about a third of them online.
 */
export async function seedPerformers(ctx: ModuleContext, { scale }: { scale: number }): Promise<void> {
  const faker = new Faker({ locale: [de, nl, es, en] });
  faker.seed(88_3);
  const now = ctx.now().getTime();
  const count = Math.max(1, Math.round(PERFORMER_COUNT * scale));
  const taken = new Set<string>();

  const categoryPreviews = await mapLimit(CATEGORY_SEEDS, IMAGE_CONCURRENCY, (category, i) =>
    ctx.images.generate({
      key: `categories/${category.slug}`,
      ...ACTOR_AVATAR_SIZE,
      title: category.names.en,
      seed: 5000 + i,
    }),
  );
  await ctx.db
    .insert(actorCategories)
    .values(CATEGORY_SEEDS.map((category, i) => ({ ...category, previewUrl: categoryPreviews[i]!, position: i })));

  const rows = Array.from({ length: count }, (_, i) => {
    const country = faker.helpers.arrayElement(COUNTRIES);
    const displayName = uniqueNickname(faker, taken);
    // Every seventh performer is new (category 88); the rest joined up to six years ago.
    const isNew = i % 7 === 3;
    const registeredDaysAgo = isNew
      ? faker.number.int({ min: 0, max: NEW_ACTOR_DAYS - 1 })
      : faker.number.int({ min: NEW_ACTOR_DAYS + 5, max: 6 * 365 });
    const age = faker.number.int({ min: 18, max: 45 });
    const birthday = new Date(now - age * 365.25 * DAY_MS - faker.number.int({ min: 0, max: 364 }) * DAY_MS);
    const gender = i % 13 === 5 ? 'FM' : i % 17 === 8 ? 'S' : i % 23 === 11 ? 'T' : 'F';
    const hobbies: [number, number] = [faker.number.int(100), faker.number.int(100)];
    const words = faker.helpers.arrayElements([...THREE_WORDS[country.textLanguage].keys()], 3);
    const city = faker.helpers.arrayElement(country.cities);
    // Her own language plus one or two translations, so visitors often but not always read their language.
    const translations = faker.helpers.arrayElements(
      LANGUAGES.filter((l) => l !== country.textLanguage),
      { min: 1, max: 2 },
    );
    const aboutMeTranslations = Object.fromEntries(
      translations.map((language: Language) => [
        language,
        aboutMeText(language, displayName, city, hobbies, words[0]!),
      ]),
    );
    const ratingCount = isNew ? faker.number.int({ min: 0, max: 9 }) : faker.number.int({ min: 10, max: 900 });
    const average = faker.number.float({ min: 3.4, max: 4.95 });
    const video = faker.helpers.arrayElement(VIDEO_CHAT_PRICES);
    const themed = faker.helpers.arrayElements(THEMED_CATEGORY_IDS, { min: 0, max: 2 });
    if (gender === 'FM' && !themed.includes(13)) themed.push(13);
    if ((gender === 'S' || gender === 'T') && !themed.includes(16)) themed.push(16);
    if (country.textLanguage === 'es' && !themed.includes(18) && faker.datatype.boolean()) themed.push(18);
    const online = faker.number.float() < 0.34;
    return {
      themed,
      row: {
        name: displayName.toLowerCase(),
        displayName,
        gender,
        age,
        birthday: isoDate(birthday),
        country: country.code,
        languages: [
          ...new Set([...country.languages, ...(faker.datatype.boolean({ probability: 0.7 }) ? ['en'] : [])]),
        ],
        threeWords: words.map((w) => THREE_WORDS[country.textLanguage][w]!).join(', '),
        aboutMe: aboutMeText(country.textLanguage, displayName, city, hobbies, words[0]!),
        aboutMeTranslations,
        isOnline: online,
        onlineChangedAt: new Date(now - faker.number.int({ min: 1, max: 240 }) * 60_000),
        freeChat: i % 8 === 2,
        isTopAmateur: !isNew && faker.datatype.boolean({ probability: 0.18 }),
        star: !isNew && faker.datatype.boolean({ probability: 0.06 }),
        categoryId: DEFAULT_ACTOR_CATEGORY_ID,
        priceVideoChat: video,
        priceVoyeurChat: wholeCoins(video * 0.6),
        priceSingleChat: video + 200,
        priceSingleC2C: video + 400,
        priceTicketShow: faker.helpers.arrayElement([2000, 4000, 6000]),
        priceMessage: faker.helpers.arrayElement([100, 200, 300]),
        freeMessages: faker.helpers.arrayElement([0, 0, 1, 3]),
        bannedCountryCodes: faker.datatype.boolean({ probability: 0.1 })
          ? [faker.helpers.arrayElement(['DE', 'AT', 'CH', 'NL'])]
          : [],
        isVoyeurChatAvailable: faker.datatype.boolean({ probability: 0.5 }),
        isLivePreviewEnabled: faker.datatype.boolean({ probability: 0.85 }),
        hasHd: faker.datatype.boolean({ probability: 0.7 }),
        hasAudio: faker.datatype.boolean({ probability: 0.6 }),
        isToyControlAvailable: faker.datatype.boolean({ probability: 0.3 }),
        isVoyeurInSingleChatAllowed: faker.datatype.boolean({ probability: 0.4 }),
        isCurrentlyTicketShow: online && i % 9 === 0,
        // Every fifth performer's cam is rated 18: chats with her need the age check.
        ageRating: i % 5 === 1 ? 18 : 16,
        isOnlineMobileVideocall: online && faker.datatype.boolean({ probability: 0.3 }),
        favoriteCount: faker.number.int({ min: 0, max: isNew ? 60 : 5000 }),
        ratingCount,
        ratingSum: Math.round(ratingCount * average),
        ratingGoodCount: Math.round(ratingCount * Math.min(1, (average - 2.5) / 2.5)),
        registeredSince: new Date(now - registeredDaysAgo * DAY_MS - faker.number.int({ min: 0, max: DAY_MS })),
      },
    };
  });

  // Images are keyed by the unique performer name, so they exist before the rows that point at them.
  const avatars = await mapLimit(rows, IMAGE_CONCURRENCY, ({ row }, i) =>
    ctx.images.generate({
      key: `actors/${row.name}/avatar`,
      ...ACTOR_AVATAR_SIZE,
      title: row.displayName,
      subtitle: `${row.age} · ${row.country}`,
      seed: i + 1,
    }),
  );
  const sedcardJobs = rows.flatMap(({ row }, index) =>
    Array.from({ length: SEDCARDS_PER_ACTOR }, (_, position) => ({ row, index, position })),
  );
  const sedcardUrls = await mapLimit(sedcardJobs, IMAGE_CONCURRENCY, ({ row, index, position }) =>
    ctx.images.generate({
      key: `actors/${row.name}/sedcard-${position + 1}`,
      ...SEDCARD_SIZE,
      title: row.displayName,
      subtitle: `${position + 1} / ${SEDCARDS_PER_ACTOR}`,
      seed: (index + 1) * 10 + position,
    }),
  );

  await ctx.db.transaction(async (tx) => {
    const inserted = await tx
      .insert(actors)
      .values(rows.map(({ row }, i) => ({ ...row, avatarUrl: avatars[i]! })))
      .returning({ id: actors.id });
    await tx.insert(actorSedcards).values(
      sedcardJobs.map(({ index, position }, i) => ({
        actorId: inserted[index]!.id,
        url: sedcardUrls[i]!,
        ...SEDCARD_SIZE,
        position,
      })),
    );
    const members = inserted.flatMap((actor, i) =>
      rows[i]!.themed.map((categoryId) => ({ actorId: actor.id, categoryId })),
    );
    if (members.length > 0) await tx.insert(actorCategoryMembers).values(members);
  });
}
