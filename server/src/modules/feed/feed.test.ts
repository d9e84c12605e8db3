import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import {
  FEED_TYPE_GROUP_TYPES,
  feedOperations,
  type FeedConnection,
  type FeedPost,
  type FeedTotals,
  type GraphqlOperation,
} from '@velvet/contracts';
import { createTestApp, type TestApp } from '../../testing/app';
import { setAvsStatus } from '../auth/age';
import { isNotNull } from 'drizzle-orm';
import { contestEntries } from '../specials/service';
import { feedPosts } from './schema';
import { POST_TEXTS, POST_TITLES } from './seed-texts';

interface GraphqlAnswer<R> {
  data?: R | null;
  errors?: { message: string; extensions?: { code?: string } }[];
}

describe('feed module', () => {
  let test: TestApp;
  before(async () => {
    test = await createTestApp({ seedScale: 0.05 });
  });
  after(() => test.close());

  /** Calls the feed service like the platform does: a token only for logged-in guests. */
  const call = async <R, V extends Record<string, unknown>>(
    operation: GraphqlOperation<R, V>,
    variables: V,
    token?: string,
  ) => {
    const response = await test.app.inject({
      method: 'POST',
      url: '/feed/graphql',
      headers: token ? { authorization: `Bearer ${token}` } : {},
      payload: { query: operation.document, variables },
    });
    // An error answer carries the HttpError's status (401, 400, 404) and its code in extensions.
    assert.ok([200, 400, 401, 403, 404].includes(response.statusCode), response.body);
    return response.json<GraphqlAnswer<R>>();
  };
  const data = <R>(answer: GraphqlAnswer<R>): R => {
    assert.equal(answer.errors, undefined, JSON.stringify(answer.errors));
    return answer.data!;
  };
  const page = async (variables: Parameters<typeof call>[1], token?: string): Promise<FeedConnection> =>
    data(await call(feedOperations.feed, variables, token)).feed;

  it('seeds 320 × scale posts with photos, paid posts and tipping goals', async () => {
    const feed = await page({ first: 50 });
    assert.equal(feed.totalCount, 16);
    assert.ok(feed.nodes.some((post) => post.type === 'TEXT' && post.photos.length === 0));
    assert.ok(feed.nodes.some((post) => post.photos.length > 0 && post.photos[0]!.url.startsWith('/media/feed/')));
  });

  it('photos of posts rated 18 are blurred for visitors and guests who are not verified, signed for verified ones', async () => {
    const withPhotos = (feed: FeedConnection) =>
      feed.nodes.filter((post) => post.fsk === 18 && post.photos.length > 0 && !post.paidContent);
    const visitorPosts = withPhotos(await page({ first: 50 }));
    assert.ok(visitorPosts.length > 0);
    const guest = await test.signup();
    const guestPosts = withPhotos(await page({ first: 50 }, guest.accessToken));
    for (const photo of [...visitorPosts, ...guestPosts].flatMap((post) => post.photos)) {
      assert.equal(photo.avsRequired, true);
      assert.match(photo.url, /^\/media\/feed\/.+\.blur\.webp$/);
      assert.equal((await test.app.inject({ method: 'GET', url: photo.url })).statusCode, 200);
      const original = await test.app.inject({ method: 'GET', url: photo.url.replace('.blur.webp', '.webp') });
      assert.equal(original.statusCode, 403);
    }
    await setAvsStatus(test.ctx.db, guest.guest.id, 'accepted');
    const verifiedPhotos = withPhotos(await page({ first: 50 }, guest.accessToken)).flatMap((post) => post.photos);
    assert.ok(verifiedPhotos.length > 0);
    for (const photo of verifiedPhotos) {
      assert.equal(photo.avsRequired, false);
      assert.match(photo.url, /\.webp\?avs=/);
      assert.equal((await test.app.inject({ method: 'GET', url: photo.url })).statusCode, 200);
    }
  });

  it('has posts of every kind: clips that play for whom may watch them, galleries with two widths', async () => {
    const { accessToken, guest } = await test.signup();
    const all = (await page({ first: 50 }, accessToken)).nodes.filter((post) => !post.paidContent);
    const plain = all.find((post) => post.type === 'CLIP' && post.fsk === 16);
    assert.ok(plain, 'the seed has a free clip rated 16');
    assert.equal(plain.clip!.avsRequired, false);
    const [source] = plain.clip!.sources;
    assert.deepEqual([source!.type, source!.label], ['video/mp4', '180p']);
    assert.equal(source!.poster, plain.photos[0]!.url, "its poster is the post's picture");
    assert.equal(plain.photos[0]!.width, 640, 'posters are 640 wide');
    const clip = await test.app.inject({ method: 'GET', url: source!.src });
    assert.equal(clip.statusCode, 200);
    assert.equal(clip.headers['content-type'], 'video/mp4');

    const hot = all.find((post) => post.clip && post.fsk === 18);
    assert.ok(hot, 'the seed has a free clip rated 18');
    assert.equal(hot.clip!.avsRequired, true);
    assert.deepEqual(hot.clip!.sources, [], 'no address of a rated clip before the age check');
    const gallery = all.find((post) => post.photos.length > 1 && /2x/.test(post.photos[0]!.srcSet));
    assert.equal(gallery, undefined, 'blurred pictures come in one size');

    await setAvsStatus(test.ctx.db, guest.id, 'accepted');
    const verified = (await page({ first: 50 }, accessToken)).nodes;
    const hotVerified = verified.find((post) => post.id === hot.id)!;
    assert.equal(hotVerified.clip!.avsRequired, false);
    const signed = hotVerified.clip!.sources[0]!.src;
    assert.match(signed, /\.mp4\?avs=/);
    assert.equal((await test.app.inject({ method: 'GET', url: signed })).statusCode, 200);
    const unsigned = await test.app.inject({ method: 'GET', url: signed.split('?')[0]! });
    assert.equal(unsigned.statusCode, 403, 'a rated clip is refused without the signature');
    const galleries = verified.filter((post) => post.type === 'PHOTO_GALLERY' && !post.paidContent);
    assert.ok(galleries.length > 0, 'the seed has a free gallery');
    for (const photo of galleries.flatMap((post) => post.photos)) {
      const widths = photo.srcSet.split(', ').map((entry) => entry.split(' '));
      assert.deepEqual(
        widths.map(([, width]) => width),
        ['480w', '960w'],
      );
      for (const [url] of widths) assert.equal((await test.app.inject({ method: 'GET', url: url! })).statusCode, 200);
    }
  });

  it('pages newest first with first/after until hasNextPage is false', async () => {
    const seen: FeedPost[] = [];
    let after: string | null = null;
    for (;;) {
      const feed: FeedConnection = await page({ first: 5, after });
      seen.push(...feed.nodes);
      if (!feed.pageInfo.hasNextPage) break;
      after = feed.pageInfo.endCursor;
    }
    assert.equal(seen.length, 16);
    assert.equal(new Set(seen.map((post) => post.id)).size, 16, 'no post twice');
    seen.slice(1).forEach((post, index) => assert.ok(post.published <= seen[index]!.published, 'newest first'));
  });

  it('locks paid pictures behind a teaser with their price', async () => {
    const feed = await page({ first: 50 });
    const paid = feed.nodes.filter((post) => post.paidContent);
    assert.ok(paid.length > 0);
    for (const post of paid) {
      assert.ok(post.priceCoins > 0);
      assert.equal(post.guestState.bought, false);
      assert.ok(post.photoCount >= 1);
      assert.deepEqual(post.clip?.sources ?? [], [], 'a locked clip is not sent');
      assert.deepEqual(
        post.photos.map((photo) => photo.url),
        [post.photos[0]!.url],
      );
      assert.match(post.photos[0]!.url, /teaser/);
    }
  });

  it('filters by model and type group; totals add up', async () => {
    const all = await page({ first: 50 });
    const modelId = all.nodes[0]!.model.id;
    const byModel = await page({ first: 50, modelId });
    assert.ok(byModel.nodes.length > 0 && byModel.nodes.every((post) => post.model.id === modelId));
    const photos = await page({ first: 50, typeGroups: ['PHOTO_POSTS'] });
    assert.ok(photos.nodes.every((post) => FEED_TYPE_GROUP_TYPES.PHOTO_POSTS.includes(post.type)));
    const totals: FeedTotals = data(await call(feedOperations.totals, {})).totals;
    assert.equal(totals.totalCount, 16);
    assert.equal(totals.clips + totals.photos + totals.texts, totals.totalCount);
    assert.equal(totals.photos, photos.totalCount);
  });

  it('likes and unlikes for logged-in guests, once per guest', async () => {
    const { accessToken } = await test.signup();
    const [post] = (await page({ first: 1 })).nodes;
    const liked = data(await call(feedOperations.likePost, { postId: post!.id }, accessToken)).likePost;
    assert.equal(liked.likes, post!.likes + 1);
    assert.equal(liked.guestState.liked, true);
    const again = data(await call(feedOperations.likePost, { postId: post!.id }, accessToken)).likePost;
    assert.equal(again.likes, post!.likes + 1, 'a second like does not count');
    const likedTab = await page({ first: 10, mode: 'LIKED' }, accessToken);
    assert.deepEqual(
      likedTab.nodes.map((node) => node.id),
      [post!.id],
    );
    const unliked = data(await call(feedOperations.unlikePost, { postId: post!.id }, accessToken)).unlikePost;
    assert.equal(unliked.likes, post!.likes);
    assert.equal(unliked.guestState.liked, false);
  });

  it('refuses likes, follows and the favorite tab to anonymous visitors with LOGIN_REQUIRED', async () => {
    const anonymous = await test.anonymousToken();
    const [post] = (await page({ first: 1 })).nodes;
    for (const token of [undefined, anonymous]) {
      const like = await call(feedOperations.likePost, { postId: post!.id }, token);
      assert.equal(like.errors?.[0]?.extensions?.code, 'LOGIN_REQUIRED');
      const favorites = await call(feedOperations.feed, { follows: true }, token);
      assert.equal(favorites.errors?.[0]?.extensions?.code, 'LOGIN_REQUIRED');
    }
    assert.equal((await page({ first: 1 })).nodes[0]!.likes, post!.likes, 'nothing was counted');
  });

  it('shows followed models in the favorite tab', async () => {
    const { accessToken } = await test.signup();
    const empty = await page({ follows: true }, accessToken);
    assert.equal(empty.totalCount, 0);
    const modelId = (await page({ first: 1 })).nodes[0]!.model.id;
    data(await call(feedOperations.followModel, { modelId }, accessToken));
    const favorites = await page({ follows: true, first: 50 }, accessToken);
    assert.ok(favorites.totalCount > 0);
    assert.ok(favorites.nodes.every((post) => post.model.id === modelId && post.guestState.following));
    data(await call(feedOperations.unfollowModel, { modelId }, accessToken));
    assert.equal((await page({ follows: true }, accessToken)).totalCount, 0);
  });

  it("reads a logged-in guest's page in a fixed number of queries, whatever she liked, bought, viewed or follows", async () => {
    const { accessToken } = await test.signup();
    // every statement the request sends to the database, counted at the embedded database's client
    const client = (test.ctx.db as unknown as { $client: { query: (...args: unknown[]) => Promise<unknown> } }).$client;
    const query = client.query.bind(client);
    const queriesOf = async (run: () => Promise<unknown>) => {
      let queries = 0;
      client.query = (...args) => {
        queries += 1;
        return query(...args);
      };
      try {
        await run();
      } finally {
        client.query = query;
      }
      return queries;
    };
    const before = await page({ first: 20 }, accessToken);
    const [first, second] = before.nodes;
    data(await call(feedOperations.likePost, { postId: first!.id }, accessToken));
    data(await call(feedOperations.viewedPost, { postId: second!.id }, accessToken));
    data(await call(feedOperations.followModel, { modelId: second!.model.id }, accessToken));
    let after: FeedConnection | undefined;
    const queries = await queriesOf(async () => {
      after = await page({ first: 20 }, accessToken);
    });
    assert.ok(queries > 0 && queries <= 8, `${queries} queries for a page of 20 posts`);
    assert.equal(after!.nodes.find((post) => post.id === first!.id)!.guestState.liked, true);
    assert.equal(after!.nodes.find((post) => post.id === second!.id)!.guestState.viewed, true);
    assert.ok(
      after!.nodes.filter((post) => post.model.id === second!.model.id).every((post) => post.guestState.following),
    );
    assert.equal(after!.nodes.filter((post) => post.guestState.liked).length, 1);
    assert.equal(after!.nodes.filter((post) => post.guestState.viewed).length, 1);
  });

  it("comments, replies (also to replies) and deletes only the guest's own comments", async () => {
    const anna = await test.signup();
    const bert = await test.signup();
    const [target] = (await page({ first: 1 })).nodes;
    const postId = target!.id;
    const commented = data(
      await call(feedOperations.commentPost, { postId, text: '  Lovely!  ' }, anna.accessToken),
    ).commentPost;
    assert.equal(commented.comments.totalCount, target!.comments.totalCount + 1);
    const mine = commented.comments.nodes[0]!;
    assert.equal(mine.text, 'Lovely!');
    assert.equal(mine.user?.id, anna.guest.id);
    assert.deepEqual([mine.isCreator, mine.tipped, mine.isReplyToReply, mine.parentId], [false, false, false, null]);
    const replied = data(
      await call(feedOperations.commentPost, { postId, text: 'Agreed', repliesToCommentId: mine.id }, bert.accessToken),
    ).commentPost;
    const reply = replied.comments.nodes.find((node) => node.id === mine.id)!.replies[0]!;
    assert.deepEqual([reply.parentId, reply.conversationId, reply.isReplyToReply], [mine.id, mine.id, false]);
    const nested = data(
      await call(
        feedOperations.commentPost,
        { postId, text: 'Me too', repliesToCommentId: reply.id },
        anna.accessToken,
      ),
    ).commentPost;
    const thread = nested.comments.nodes.find((node) => node.id === mine.id)!.replies;
    assert.deepEqual(
      thread.map((node) => [node.text, node.parentId, node.conversationId, node.isReplyToReply]),
      [
        ['Agreed', mine.id, mine.id, false],
        ['Me too', reply.id, mine.id, true],
      ],
    );
    const commentedTab = await page({ mode: 'COMMENTED' }, anna.accessToken);
    assert.deepEqual(
      commentedTab.nodes.map((node) => node.id),
      [postId],
    );

    const foreign = await call(feedOperations.deleteComment, { commentId: mine.id }, bert.accessToken);
    assert.equal(foreign.errors?.[0]?.extensions?.code, 'FORBIDDEN');
    const anonymous = await call(feedOperations.deleteComment, { commentId: mine.id });
    assert.equal(anonymous.errors?.[0]?.extensions?.code, 'LOGIN_REQUIRED');
    assert.equal(
      data(await call(feedOperations.post, { id: postId })).post!.comments.totalCount,
      nested.comments.totalCount,
    );
    const deleted = data(
      await call(feedOperations.deleteComment, { commentId: mine.id }, anna.accessToken),
    ).deleteComment;
    // the replies stay under a placeholder without text and author, which counts as no comment
    assert.equal(deleted.comments.totalCount, target!.comments.totalCount + 2);
    const placeholder = deleted.comments.nodes.find((node) => node.id === mine.id)!;
    assert.deepEqual([placeholder.deleted, placeholder.text, placeholder.user], [true, '', null]);
    assert.deepEqual(
      placeholder.replies.map((node) => [node.id, node.text, node.deleted, node.user?.id]),
      [
        [reply.id, 'Agreed', false, bert.guest.id],
        [thread[1]!.id, 'Me too', false, anna.guest.id],
      ],
    );
    const again = await call(feedOperations.deleteComment, { commentId: mine.id }, anna.accessToken);
    assert.equal(again.errors?.[0]?.extensions?.code, 'NOT_FOUND');
    const toPlaceholder = await call(
      feedOperations.commentPost,
      { postId, text: 'Hello?', repliesToCommentId: mine.id },
      bert.accessToken,
    );
    assert.equal(toPlaceholder.errors?.[0]?.extensions?.code, 'NOT_FOUND');
    assert.deepEqual(
      (await page({ mode: 'COMMENTED' }, anna.accessToken)).nodes.map((node) => node.id),
      [postId],
      'her reply still counts as her comment',
    );
    // Bert's reply has Anna's answer: it stays as a placeholder too; when her answer goes, the emptied
    // placeholders go with it up the thread
    const bertDeleted = data(
      await call(feedOperations.deleteComment, { commentId: reply.id }, bert.accessToken),
    ).deleteComment;
    assert.equal(bertDeleted.comments.totalCount, target!.comments.totalCount + 1);
    assert.deepEqual(
      bertDeleted.comments.nodes.find((node) => node.id === mine.id)!.replies.map((node) => [node.id, node.deleted]),
      [
        [reply.id, true],
        [thread[1]!.id, false],
      ],
    );
    const emptied = data(
      await call(feedOperations.deleteComment, { commentId: thread[1]!.id }, anna.accessToken),
    ).deleteComment;
    assert.equal(emptied.comments.totalCount, target!.comments.totalCount);
    assert.ok(!emptied.comments.nodes.some((node) => node.id === mine.id), 'the emptied thread went');
    assert.equal((await page({ mode: 'COMMENTED' }, anna.accessToken)).totalCount, 0);
    for (const text of ['', '   ', 'x'.repeat(501)]) {
      const refused = await call(feedOperations.commentPost, { postId, text }, anna.accessToken);
      assert.equal(refused.errors?.[0]?.extensions?.code, 'VALIDATION_FAILED');
    }
    const otherPost = (await page({ first: 2 })).nodes[1]!;
    const wrongThread = await call(
      feedOperations.commentPost,
      { postId: otherPost.id, text: 'Hi', repliesToCommentId: reply.id },
      anna.accessToken,
    );
    assert.equal(wrongThread.errors?.[0]?.extensions?.code, 'NOT_FOUND');
  });

  it("counts a guest's view once and a visitor's not at all", async () => {
    const { accessToken } = await test.signup();
    const [target] = (await page({ first: 1 })).nodes;
    const postId = target!.id;
    assert.equal(target!.guestState.viewed, false);
    const viewed = data(await call(feedOperations.viewedPost, { postId }, accessToken)).viewedPost;
    assert.deepEqual([viewed.views, viewed.guestState.viewed], [target!.views + 1, true]);
    const twice = data(await call(feedOperations.viewedPost, { postId }, accessToken)).viewedPost;
    assert.equal(twice.views, target!.views + 1, 'a second view of the same guest does not count');
    const visitor = data(await call(feedOperations.viewedPost, { postId })).viewedPost;
    assert.deepEqual([visitor.views, visitor.guestState.viewed], [target!.views + 1, false]);
  });

  it("shows performers' contest entries as contest posts: the entry's picture, her as the model, a link to the contest", async () => {
    const rows = await test.ctx.db.select().from(feedPosts).where(isNotNull(feedPosts.contestEntryId));
    assert.ok(rows.length > 0, 'the seed makes contest posts');
    const entries = await contestEntries(
      test.ctx.db,
      rows.map((row) => row.contestEntryId!),
    );
    for (const row of rows) {
      const entry = entries.find((candidate) => candidate.id === row.contestEntryId)!;
      const shown = data(await call(feedOperations.post, { id: String(row.id) })).post!;
      assert.equal(shown.type, 'CP_PHOTO_CONTEST');
      assert.equal(shown.contestId, String(entry.contestId));
      assert.equal(shown.model.id, String(entry.actorId));
      assert.equal(shown.photoCount, 1);
      assert.deepEqual(
        shown.photos.map((photo) => [photo.url, photo.width, photo.height, photo.avsRequired]),
        [[entry.previewUrl, entry.width, entry.height, false]],
      );
      assert.equal((await test.app.inject({ method: 'GET', url: entry.previewUrl })).statusCode, 200);
      const contest = await test.app.inject({ method: 'GET', url: `/rest/v1/contests/${entry.contestId}` });
      assert.equal(contest.statusCode, 200, contest.body);
    }
    const others = (await page({ first: 50 })).nodes.filter((post) => post.type !== 'CP_PHOTO_CONTEST');
    assert.ok(others.length > 0 && others.every((post) => post.contestId === null));
  });

  it('answers posts in the language asked where the model translated them, else in her English', async () => {
    const english = (await page({ first: 50 })).nodes;
    const german = (await page({ first: 50, language: 'de' })).nodes;
    assert.deepEqual(
      german.map((post) => post.id),
      english.map((post) => post.id),
    );
    let translated = 0;
    let fallback = 0;
    english.forEach((post, index) => {
      const titleIndex = POST_TITLES.en.indexOf(post.title);
      const textIndex = POST_TEXTS.en.indexOf(post.text);
      assert.ok(titleIndex >= 0 && textIndex >= 0, 'without a language the posts answer in their own, English');
      const shown = german[index]!;
      if (shown.title === post.title) {
        assert.equal(shown.text, post.text, 'a post without a translation keeps title and text in English');
        fallback++;
      } else {
        assert.deepEqual([shown.title, shown.text], [POST_TITLES.de[titleIndex], POST_TEXTS.de[textIndex]]);
        translated++;
      }
    });
    assert.ok(translated > 0 && fallback > 0, `translated ${translated}, in English ${fallback}`);

    // without the argument the call's language parameter (the page's) decides
    const spanish = await test.app.inject({
      method: 'POST',
      url: '/feed/graphql?language=es',
      payload: { query: feedOperations.feed.document, variables: { first: 50 } },
    });
    const spanishTitles = spanish.json<GraphqlAnswer<{ feed: FeedConnection }>>().data!.feed.nodes.map((p) => p.title);
    english.forEach((post, index) => {
      const expected =
        german[index]!.title === post.title ? post.title : POST_TITLES.es[POST_TITLES.en.indexOf(post.title)];
      assert.equal(spanishTitles[index], expected);
    });
    // the argument wins over the parameter
    const asked = await test.app.inject({
      method: 'POST',
      url: '/feed/graphql?language=es',
      payload: { query: feedOperations.feed.document, variables: { first: 50, language: 'de' } },
    });
    assert.deepEqual(
      asked.json<GraphqlAnswer<{ feed: FeedConnection }>>().data!.feed.nodes.map((p) => p.title),
      german.map((p) => p.title),
    );

    const translatedPost = english.find((post, index) => german[index]!.title !== post.title)!;
    const dutch = data(await call(feedOperations.post, { id: translatedPost.id, language: 'nl' })).post!;
    assert.equal(dutch.title, POST_TITLES.nl[POST_TITLES.en.indexOf(translatedPost.title)]);
    assert.equal(dutch.text, POST_TEXTS.nl[POST_TEXTS.en.indexOf(translatedPost.text)]);
    assert.equal(
      (await call(feedOperations.feed, { language: 'fr' } as never)).errors?.[0]?.extensions?.code,
      'VALIDATION_FAILED',
    );
  });

  it('answers stable codes for bad input and unknown posts', async () => {
    const { accessToken } = await test.signup();
    assert.equal(
      (await call(feedOperations.feed, { after: 'garbage' })).errors?.[0]?.extensions?.code,
      'VALIDATION_FAILED',
    );
    assert.equal((await call(feedOperations.feed, { first: 500 })).errors?.[0]?.extensions?.code, 'VALIDATION_FAILED');
    assert.equal(
      (await call(feedOperations.likePost, { postId: '999999' }, accessToken)).errors?.[0]?.extensions?.code,
      'NOT_FOUND',
    );
    assert.equal(
      (await call(feedOperations.likePost, { postId: 'x' }, accessToken)).errors?.[0]?.extensions?.code,
      'VALIDATION_FAILED',
    );
    assert.equal(data(await call(feedOperations.post, { id: '999999' })).post, null);
  });
});
