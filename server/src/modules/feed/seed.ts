import { faker } from '@faker-js/faker';
import { LANGUAGES, type FeedPostType } from '@velvet/contracts';
import type { ModuleContext } from '../module';
import { generatePublicClips } from '../media/clips';
import { listPerformerCards } from '../performers/catalogue';
import { contestEntries } from '../specials/service';
import { feedComments, feedPostPhotos, feedPostTexts, feedPosts } from './schema';
import { POST_TEXTS, POST_TITLES } from './seed-texts';

const POSTS_PER_SCALE = 320;
const DAY = 24 * 3600_000;
const PHOTO = { width: 480, height: 600 };
/** A clip's poster: 640 wide in the clip's 16:9. */
const POSTER = { width: 640, height: 360 };
/** The feed's own clips (6 seconds long): the first half for plain clips (rated 16), the rest for hot ones (18). */
const CLIP_FILES = 4;
const CLIP_SECONDS = 6;
const CLIP_TYPES: readonly FeedPostType[] = ['CLIP', 'HOT_CLIP', 'FP_HOT_CLIP'];
/** Galleries come with each picture twice as wide too (their srcSet). */
const GALLERY_TYPES: readonly FeedPostType[] = ['PHOTO_GALLERY', 'FP_PHOTO_GALLERY', 'CP_PHOTO_CONTEST'];
const PRICES_COINS = [5, 9, 15, 20, 29, 49];
const GOALS_COINS = [100, 250, 500, 1000];

/** Every so many posts the model wrote in English only: readers of other languages get her English words. */
const UNTRANSLATED_EVERY = 7;
const COMMENTS = [
  'Wow, stunning!',
  'Can’t wait for tonight',
  'You look amazing',
  'More please!',
  'Best post this week',
  'Love this outfit',
  'See you in chat 😘',
];
const REPLIES = ['Thank you, darling!', 'See you tonight 😘', 'Glad you like it!'];

/** Every post type, text and photos most often. */
const TYPE_SHARES: [FeedPostType, number][] = [
  ['TEXT', 0.28],
  ['PHOTOS', 0.3],
  ['PHOTO_GALLERY', 0.12],
  ['FP_PHOTO_GALLERY', 0.04],
  ['PROFILE_IMAGE', 0.04],
  ['CP_PHOTO_CONTEST', 0.04],
  ['CLIP', 0.1],
  ['HOT_CLIP', 0.05],
  ['FP_HOT_CLIP', 0.03],
];
function pickType(random: number): FeedPostType {
  let below = 0;
  for (const [type, share] of TYPE_SHARES) if (random < (below += share)) return type;
  return 'TEXT';
}
const photoCountOf = (type: FeedPostType) =>
  type === 'TEXT'
    ? 0
    : GALLERY_TYPES.includes(type)
      ? faker.number.int({ min: 3, max: 4 })
      : type === 'PROFILE_IMAGE' || CLIP_TYPES.includes(type)
        ? 1
        : faker.number.int({ min: 1, max: 3 });

/**
 * POSTS_PER_SCALE × scale posts spread over the performers: posts of every type (clip posts play the feed's own
 * clips, their photo is the poster), some paid, some with tipping goals. Plain clips are rated 16, so
 * everyone may watch them; hot clips and pictures 18.
 */
export async function seedFeed(ctx: ModuleContext, { scale }: { scale: number }) {
  faker.seed(4242);
  const models = (await listPerformerCards(ctx.db)).map(({ id, displayName }) => ({ id, name: displayName }));
  if (!models.length) {
    ctx.log.warn('feed seed: no performers, no posts');
    return;
  }
  const postCount = Math.max(1, Math.round(POSTS_PER_SCALE * scale));
  const clips = await generatePublicClips(ctx.config.dataDir, 'feed-clip', CLIP_FILES);
  // plain and hot clips never share a file: a file rated 18 is refused without the age check's signature
  const clipFor = (type: FeedPostType, index: number) =>
    clips[(type === 'CLIP' ? 0 : CLIP_FILES / 2) + (index % (CLIP_FILES / 2))]!;
  // contest posts: a performer showing her contest entry, one post per entry in turn
  const entries = await contestEntries(ctx.db);
  let contestPosts = 0;
  const now = ctx.now().getTime();
  for (let index = 0; index < postCount; index++) {
    const picked = pickType(faker.number.float());
    const entry = picked === 'CP_PHOTO_CONTEST' ? entries[contestPosts++ % entries.length] : undefined;
    const type = picked === 'CP_PHOTO_CONTEST' && !entry ? 'PHOTO_GALLERY' : picked;
    const model =
      (entry && models.find((candidate) => candidate.id === entry.actorId)) ?? models[index % models.length]!;
    // drawn for every post alike, so the posts after a contest post do not depend on whether there are entries
    const drawnPhotos = photoCountOf(type);
    const clip = CLIP_TYPES.includes(type) ? clipFor(type, index) : null;
    const size = clip ? POSTER : PHOTO;
    const paidContent = drawnPhotos > 0 && faker.number.float() < 0.35 && !entry;
    // a contest post shows its entry's picture, none of its own, and is free
    const photoCount = entry ? 0 : drawnPhotos;
    const titleIndex = faker.number.int({ max: POST_TITLES.en.length - 1 });
    const textIndex = faker.number.int({ max: POST_TEXTS.en.length - 1 });
    const title = POST_TITLES.en[titleIndex]!;
    const goal = faker.number.float() < 0.15 ? faker.helpers.arrayElement(GOALS_COINS) : null;
    // Oldest first, so ids grow with publication time like a real feed.
    const published = new Date(
      now - ((postCount - index) / postCount) * 60 * DAY - faker.number.int({ min: 0, max: 3600_000 }),
    );
    const seed = 5000 + index;
    const [post] = await ctx.db
      .insert(feedPosts)
      .values({
        actorId: model.id,
        type,
        pinned: index % 40 === 0,
        title,
        text: POST_TEXTS.en[textIndex]!,
        views: faker.number.int({ min: 20, max: 5000 }),
        likes: faker.number.int({ min: 0, max: 400 }),
        paidContent,
        // plain clips and contest entries (shown to every visitor on the contest's page) are rated 16
        fsk: type === 'CLIP' || entry ? 16 : 18,
        contestEntryId: entry?.id ?? null,
        clip,
        clipSeconds: clip ? CLIP_SECONDS : null,
        priceCoins: paidContent ? faker.helpers.arrayElement(PRICES_COINS) : 0,
        tippingGoalCoins: goal,
        tipsSumCoins: goal ? faker.number.int({ min: 0, max: Math.round(goal * 1.2) }) : 0,
        teaserUrl: paidContent
          ? await ctx.images.generate({
              key: `feed/posts/${index}/teaser`,
              ...size,
              title: 'Exclusive',
              subtitle: model.name,
              seed: seed + 900_000,
            })
          : null,
        created: published,
        published,
      })
      .returning({ id: feedPosts.id });
    if (!post) throw new Error('feed seed: post not inserted');
    if (index % UNTRANSLATED_EVERY !== 0)
      await ctx.db.insert(feedPostTexts).values(
        LANGUAGES.filter((language) => language !== 'en').map((language) => ({
          postId: post.id,
          language,
          title: POST_TITLES[language][titleIndex]!,
          text: POST_TEXTS[language][textIndex]!,
        })),
      );
    const photos = [];
    for (let position = 0; position < photoCount; position++) {
      const picture = { title, subtitle: model.name, seed: seed * 10 + position };
      const key = `feed/posts/${index}/${clip ? 'poster' : `photo-${position}`}`;
      const url = await ctx.images.generate({ key, ...size, ...picture });
      const largeUrl = GALLERY_TYPES.includes(type)
        ? await ctx.images.generate({
            key: `${key}-2x`,
            width: size.width * 2,
            height: size.height * 2,
            ...picture,
          })
        : null;
      photos.push({ postId: post.id, position, url, largeUrl, ...size });
    }
    if (photos.length) await ctx.db.insert(feedPostPhotos).values(photos);
    await seedComments(ctx, post.id, model.name, published);
  }
}

async function seedComments(ctx: ModuleContext, postId: number, modelName: string, published: Date) {
  const commentCount = faker.number.int({ min: 0, max: 4 });
  for (let index = 0; index < commentCount; index++) {
    const created = new Date(published.getTime() + (index + 1) * 1800_000);
    const [comment] = await ctx.db
      .insert(feedComments)
      .values({
        postId,
        userName: faker.internet.username(),
        tipped: faker.number.float() < 0.1,
        text: faker.helpers.arrayElement(COMMENTS),
        created,
      })
      .returning({ id: feedComments.id });
    if (comment && faker.number.float() < 0.4) {
      await ctx.db.insert(feedComments).values({
        postId,
        parentId: comment.id,
        userName: modelName,
        isCreator: true,
        text: faker.helpers.arrayElement(REPLIES),
        created: new Date(created.getTime() + 600_000),
      });
    }
  }
}
