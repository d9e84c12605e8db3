import { faker } from '@faker-js/faker';
import type { FeedPostType } from '@velvet/contracts';
import type { ModuleContext } from '../module';
import { listPerformerCards } from '../performers/catalogue';
import { feedComments, feedPostPhotos, feedPosts } from './schema';

const POSTS_PER_SCALE = 320;
const DAY = 24 * 3600_000;
const PHOTO = { width: 480, height: 600 };
const PRICES_COINS = [5, 9, 15, 20, 29, 49];
const GOALS_COINS = [100, 250, 500, 1000];

const TITLES = [
  'Good morning from bed',
  'New shoot today',
  'Guess where I am',
  'Poolside',
  'Just for you',
  'Behind the scenes',
  'Sunday mood',
  'My new outfit',
  'Late night thoughts',
  'Tonight live?',
  'Sneak peek',
  'Workout done',
];
const TEXTS = [
  'Thank you for all your sweet messages this week, you make my day!',
  'I am online tonight from nine. Who wants to keep me company?',
  'Just finished a new video, it will be in my shop very soon.',
  'Tell me in the comments what you want to see next.',
  'Help me reach my tipping goal and I will post the full set.',
  'Rainy day here, so I stayed in bed and took some pictures for you.',
  'Back from holiday and missing the sun already.',
  'My favourite lingerie is finally back. What do you think?',
  'Only my followers see this one first.',
  'Coffee first, then the camera. See you later in my chat!',
];
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

function pickType(random: number): FeedPostType {
  if (random < 0.35) return 'TEXT';
  if (random < 0.8) return 'PHOTOS';
  if (random < 0.95) return 'PHOTO_GALLERY';
  return 'PROFILE_IMAGE';
}
const photoCountOf = (type: FeedPostType) =>
  type === 'TEXT'
    ? 0
    : type === 'PHOTO_GALLERY'
      ? faker.number.int({ min: 3, max: 4 })
      : type === 'PROFILE_IMAGE'
        ? 1
        : faker.number.int({ min: 1, max: 3 });

/** POSTS_PER_SCALE × scale posts spread over the performers: text and photo posts, some paid, some with tipping goals. */
export async function seedFeed(ctx: ModuleContext, { scale }: { scale: number }) {
  faker.seed(4242);
  const models = (await listPerformerCards(ctx.db)).map(({ id, displayName }) => ({ id, name: displayName }));
  if (!models.length) {
    ctx.log.warn('feed seed: no performers, no posts');
    return;
  }
  const postCount = Math.max(1, Math.round(POSTS_PER_SCALE * scale));
  const now = ctx.now().getTime();
  for (let index = 0; index < postCount; index++) {
    const model = models[index % models.length]!;
    const type = pickType(faker.number.float());
    const photoCount = photoCountOf(type);
    const paidContent = photoCount > 0 && faker.number.float() < 0.35;
    const title = faker.helpers.arrayElement(TITLES);
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
        text: faker.helpers.arrayElement(TEXTS),
        views: faker.number.int({ min: 20, max: 5000 }),
        likes: faker.number.int({ min: 0, max: 400 }),
        paidContent,
        fsk: 18,
        priceCoins: paidContent ? faker.helpers.arrayElement(PRICES_COINS) : 0,
        tippingGoalCoins: goal,
        tipsSumCoins: goal ? faker.number.int({ min: 0, max: Math.round(goal * 1.2) }) : 0,
        teaserUrl: paidContent
          ? await ctx.images.generate({
              key: `feed/posts/${index}/teaser`,
              ...PHOTO,
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
    const photos = [];
    for (let position = 0; position < photoCount; position++) {
      const url = await ctx.images.generate({
        key: `feed/posts/${index}/photo-${position}`,
        ...PHOTO,
        title,
        subtitle: model.name,
        seed: seed * 10 + position,
      });
      photos.push({ postId: post.id, position, url, ...PHOTO });
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
