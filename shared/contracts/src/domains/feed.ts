import { defineOperation } from '../graphql';
import type { Language } from '../routes';

/**
 * The feed service (POST /feed/graphql): posts of the models, paged with first/after. Prices are in coins
 * (spec: feed currency is coins). The service gets a token only for a logged-in guest.
 */
export const FEED_POST_TYPES = [
  'CLIP',
  'HOT_CLIP',
  'FP_HOT_CLIP',
  'PHOTO_GALLERY',
  'PHOTOS',
  'FP_PHOTO_GALLERY',
  'PROFILE_IMAGE',
  'TEXT',
  'CP_PHOTO_CONTEST',
] as const;
export type FeedPostType = (typeof FEED_POST_TYPES)[number];

export const FEED_TYPE_GROUPS = ['CLIP_POSTS', 'PHOTO_POSTS', 'TEXT_POSTS'] as const;
export type FeedTypeGroup = (typeof FEED_TYPE_GROUPS)[number];
/** Which post types each type group stands for. */
export const FEED_TYPE_GROUP_TYPES: Record<FeedTypeGroup, readonly FeedPostType[]> = {
  CLIP_POSTS: ['CLIP', 'HOT_CLIP', 'FP_HOT_CLIP'],
  PHOTO_POSTS: ['PHOTO_GALLERY', 'PHOTOS', 'FP_PHOTO_GALLERY', 'PROFILE_IMAGE', 'CP_PHOTO_CONTEST'],
  TEXT_POSTS: ['TEXT'],
};

/** MIXED: every post; LIKED / COMMENTED: the guest's own likes or comments (need a logged-in guest). */
export const FEED_MODES = ['MIXED', 'LIKED', 'COMMENTED'] as const;
export type FeedMode = (typeof FEED_MODES)[number];

/**
 * The feed page's tabs: profile (one model's posts, at the route feedProfile only), mixed (every model's) and
 * favorite (the guest's favourite models'; followModel pins a favourite). The start page shows the newest posts.
 */
export const FEED_TABS = ['profile', 'mixed', 'favorite'] as const;
export type FeedTab = (typeof FEED_TABS)[number];

/** The feed page's filters: post kinds, and the guest's own bought, liked and commented posts (these need login). */
export const FEED_FILTERS = ['ALL', 'CLIP_POSTS', 'PHOTO_POSTS', 'TEXT_POSTS', 'BOUGHT', 'LIKED', 'COMMENTED'] as const;
export type FeedFilter = (typeof FEED_FILTERS)[number];
export const FEED_OWN_FILTERS: readonly FeedFilter[] = ['BOUGHT', 'LIKED', 'COMMENTED'];
/** The feed variables each filter adds. */
export const FEED_FILTER_VARIABLES: Record<FeedFilter, FeedVariables> = {
  ALL: {},
  CLIP_POSTS: { typeGroups: ['CLIP_POSTS'] },
  PHOTO_POSTS: { typeGroups: ['PHOTO_POSTS'] },
  TEXT_POSTS: { typeGroups: ['TEXT_POSTS'] },
  BOUGHT: { bought: true },
  LIKED: { mode: 'LIKED' },
  COMMENTED: { mode: 'COMMENTED' },
};

/** A tip is a whole number of coins in this range. */
export const FEED_TIP_MIN_COINS = 1;
export const FEED_TIP_MAX_COINS = 10_000;
/** The amounts the tip buttons offer. */
export const FEED_TIP_AMOUNTS_COINS = [5, 10, 25, 50] as const;
/** A comment's text, trimmed, has 1 to this many characters. */
export const FEED_COMMENT_MAX_LENGTH = 500;
/** Comments (with their replies) each post of a page shows; a single post (the detail) shows up to FEED_DETAIL_COMMENTS. */
export const FEED_PAGE_COMMENTS = 3;
export const FEED_DETAIL_COMMENTS = 50;

export const FEED_PAGE_SIZE = 12;
export const FEED_MAX_PAGE_SIZE = 50;

/** Codes in a feed error's `extensions.code`. */
export const FEED_ERROR_CODES = [
  'LOGIN_REQUIRED',
  'NOT_FOUND',
  'VALIDATION_FAILED',
  /** Buying or tipping with too few coins; nothing was charged. */
  'INSUFFICIENT_FUNDS',
  /** Deleting a comment of someone else. */
  'FORBIDDEN',
] as const;
export type FeedErrorCode = (typeof FEED_ERROR_CODES)[number];

export interface FeedModel {
  id: string;
  name: string;
  online: boolean;
  /** Avatar picture (W320). */
  avatar: string;
}
export interface FeedTippingGoal {
  goalCoins: number;
  tipsSumCoins: number;
  progressPercent: number;
  achieved: boolean;
}
export interface FeedGuestState {
  liked: boolean;
  viewed: boolean;
  following: boolean;
  bought: boolean;
}
export interface FeedCommentUser {
  id: string;
  name: string;
}
export interface FeedReply {
  id: string;
  conversationId: string;
  parentId: string | null;
  created: string;
  isCreator: boolean;
  tipped: boolean;
  /** Empty for a deleted comment. */
  text: string;
  isReplyToReply: boolean;
  /** A comment its author deleted while it had replies: kept as a placeholder for them, without text or author. */
  deleted: boolean;
  /** null for a deleted comment. */
  user: FeedCommentUser | null;
}
export interface FeedComment extends FeedReply {
  replies: FeedReply[];
}
export interface FeedClipSource {
  label: string;
  src: string;
  type: string;
  poster: string;
}
export interface FeedClip {
  id: string;
  length: number;
  width: number;
  height: number;
  ratio: number;
  avsRequired: boolean;
  sources: FeedClipSource[];
}
export interface FeedPhoto {
  id: string;
  /** For paid content the guest has not bought: a blurred teaser, never the picture itself. */
  url: string;
  srcSet: string;
  width: number;
  height: number;
  avsRequired: boolean;
}
export interface FeedPost {
  id: string;
  created: string;
  published: string;
  type: FeedPostType;
  status: string;
  pinned: boolean;
  title: string;
  text: string;
  views: number;
  likes: number;
  paidContent: boolean;
  fsk: number;
  /** Price in coins; 0 for free posts. */
  priceCoins: number;
  /** A contest post's contest (its picture is the performer's entry there); null for other posts. */
  contestId: string | null;
  model: FeedModel;
  tippingGoal: FeedTippingGoal | null;
  guestState: FeedGuestState;
  comments: { totalCount: number; nodes: FeedComment[] };
  clip: FeedClip | null;
  /** Number of pictures, also when they are locked. */
  photoCount: number;
  photos: FeedPhoto[];
}
export interface FeedPageInfo {
  endCursor: string | null;
  hasNextPage: boolean;
}
export interface FeedConnection {
  totalCount: number;
  nodes: FeedPost[];
  pageInfo: FeedPageInfo;
}
export interface FeedTotals {
  totalCount: number;
  clips: number;
  photos: number;
  texts: number;
  liked: number;
  commented: number;
  /** What the guest bought; 0 for anonymous visitors. */
  boughtPhotos: number;
  boughtClips: number;
}

export const FEED_GRAPHQL_SCHEMA = /* GraphQL */ `
  enum FeedPostType { ${FEED_POST_TYPES.join(' ')} }
  enum FeedTypeGroup { ${FEED_TYPE_GROUPS.join(' ')} }
  enum FeedMode { ${FEED_MODES.join(' ')} }
  type FeedModel { id: ID! name: String! online: Boolean! avatar: String! }
  type FeedTippingGoal { goalCoins: Int! tipsSumCoins: Int! progressPercent: Int! achieved: Boolean! }
  type FeedGuestState { liked: Boolean! viewed: Boolean! following: Boolean! bought: Boolean! }
  type FeedCommentUser { id: ID! name: String! }
  type FeedReply {
    id: ID!
    conversationId: ID!
    parentId: ID
    created: String!
    isCreator: Boolean!
    tipped: Boolean!
    text: String!
    isReplyToReply: Boolean!
    deleted: Boolean!
    user: FeedCommentUser
  }
  type FeedComment {
    id: ID!
    conversationId: ID!
    parentId: ID
    created: String!
    isCreator: Boolean!
    tipped: Boolean!
    text: String!
    isReplyToReply: Boolean!
    deleted: Boolean!
    user: FeedCommentUser
    replies: [FeedReply!]!
  }
  type FeedComments { totalCount: Int! nodes: [FeedComment!]! }
  type FeedClipSource { label: String! src: String! type: String! poster: String! }
  type FeedClip { id: ID! length: Int! width: Int! height: Int! ratio: Float! avsRequired: Boolean! sources: [FeedClipSource!]! }
  type FeedPhoto { id: ID! url: String! srcSet: String! width: Int! height: Int! avsRequired: Boolean! }
  type FeedPost {
    id: ID!
    created: String!
    published: String!
    type: FeedPostType!
    status: String!
    pinned: Boolean!
    title: String!
    text: String!
    views: Int!
    likes: Int!
    paidContent: Boolean!
    fsk: Int!
    priceCoins: Int!
    contestId: ID
    model: FeedModel!
    tippingGoal: FeedTippingGoal
    guestState: FeedGuestState!
    comments: FeedComments!
    clip: FeedClip
    photoCount: Int!
    photos: [FeedPhoto!]!
  }
  type FeedPageInfo { endCursor: String hasNextPage: Boolean! }
  type FeedConnection { totalCount: Int! nodes: [FeedPost!]! pageInfo: FeedPageInfo! }
  type FeedTotals {
    totalCount: Int! clips: Int! photos: Int! texts: Int! liked: Int! commented: Int! boughtPhotos: Int! boughtClips: Int!
  }
  extend type Query {
    """
    Newest first. follows: only the guest's favourite models; bought: only posts the guest bought (both need login).
    language (de, en, nl, es; else the call's language parameter): titles and texts translated into it where the
    model has them, else in English.
    """
    feed(first: Int = ${FEED_PAGE_SIZE}, after: String, modelId: ID, follows: Boolean, bought: Boolean, typeGroups: [FeedTypeGroup!], mode: FeedMode = MIXED, language: String): FeedConnection!
    post(id: ID!, language: String): FeedPost
    totals(modelId: ID): FeedTotals!
  }
  extend type Mutation {
    likePost(postId: ID!): FeedPost!
    unlikePost(postId: ID!): FeedPost!
    followModel(modelId: ID!): FeedModel!
    unfollowModel(modelId: ID!): FeedModel!
    "Counts the logged-in guest's view once; a visitor's call counts nothing."
    viewedPost(postId: ID!): FeedPost!
    "Unlocks a paid post for its priceCoins; a post already bought is answered without a second charge."
    buyPost(postId: ID!): FeedPost!
    "operationKey: the same key again (a retried attempt) tips once."
    tipPost(postId: ID!, amountCoins: Int!, operationKey: String): FeedPost!
    commentPost(postId: ID!, text: String!, repliesToCommentId: ID): FeedPost!
    "Only the guest's own comments; one with replies stays as a placeholder for them."
    deleteComment(commentId: ID!): FeedPost!
  }
`;

const FEED_COMMENT_FIELDS =
  'id conversationId parentId created isCreator tipped text isReplyToReply deleted user { id name }';
const FEED_POST_FIELDS = `
  id created published type status pinned title text views likes paidContent fsk priceCoins photoCount contestId
  model { id name online avatar }
  tippingGoal { goalCoins tipsSumCoins progressPercent achieved }
  guestState { liked viewed following bought }
  comments {
    totalCount
    nodes { ${FEED_COMMENT_FIELDS} replies { ${FEED_COMMENT_FIELDS} } }
  }
  clip { id length width height ratio avsRequired sources { label src type poster } }
  photos { id url srcSet width height avsRequired }
`;

export interface FeedVariables extends Record<string, unknown> {
  first?: number;
  after?: string | null;
  modelId?: string;
  follows?: boolean;
  bought?: boolean;
  typeGroups?: FeedTypeGroup[];
  mode?: FeedMode;
  /** The language of the posts' titles and texts (English where a post has no translation). */
  language?: Language;
}

export const feedOperations = {
  feed: defineOperation<{ feed: FeedConnection }, FeedVariables>(
    `query Feed($first: Int, $after: String, $modelId: ID, $follows: Boolean, $bought: Boolean, $typeGroups: [FeedTypeGroup!], $mode: FeedMode, $language: String) {
      feed(first: $first, after: $after, modelId: $modelId, follows: $follows, bought: $bought, typeGroups: $typeGroups, mode: $mode, language: $language) {
        totalCount pageInfo { endCursor hasNextPage } nodes { ${FEED_POST_FIELDS} }
      }
    }`,
  ),
  post: defineOperation<{ post: FeedPost | null }, { id: string; language?: Language }>(
    `query Post($id: ID!, $language: String) { post(id: $id, language: $language) { ${FEED_POST_FIELDS} } }`,
  ),
  totals: defineOperation<{ totals: FeedTotals }, { modelId?: string }>(
    `query Totals($modelId: ID) { totals(modelId: $modelId) { totalCount clips photos texts liked commented boughtPhotos boughtClips } }`,
  ),
  likePost: defineOperation<{ likePost: FeedPost }, { postId: string }>(
    `mutation LikePost($postId: ID!) { likePost(postId: $postId) { ${FEED_POST_FIELDS} } }`,
  ),
  unlikePost: defineOperation<{ unlikePost: FeedPost }, { postId: string }>(
    `mutation UnlikePost($postId: ID!) { unlikePost(postId: $postId) { ${FEED_POST_FIELDS} } }`,
  ),
  followModel: defineOperation<{ followModel: FeedModel }, { modelId: string }>(
    `mutation FollowModel($modelId: ID!) { followModel(modelId: $modelId) { id name online avatar } }`,
  ),
  unfollowModel: defineOperation<{ unfollowModel: FeedModel }, { modelId: string }>(
    `mutation UnfollowModel($modelId: ID!) { unfollowModel(modelId: $modelId) { id name online avatar } }`,
  ),
  viewedPost: defineOperation<{ viewedPost: FeedPost }, { postId: string }>(
    `mutation ViewedPost($postId: ID!) { viewedPost(postId: $postId) { ${FEED_POST_FIELDS} } }`,
  ),
  buyPost: defineOperation<{ buyPost: FeedPost }, { postId: string }>(
    `mutation BuyPost($postId: ID!) { buyPost(postId: $postId) { ${FEED_POST_FIELDS} } }`,
  ),
  tipPost: defineOperation<{ tipPost: FeedPost }, { postId: string; amountCoins: number; operationKey?: string }>(
    `mutation TipPost($postId: ID!, $amountCoins: Int!, $operationKey: String) {
      tipPost(postId: $postId, amountCoins: $amountCoins, operationKey: $operationKey) { ${FEED_POST_FIELDS} }
    }`,
  ),
  commentPost: defineOperation<
    { commentPost: FeedPost },
    { postId: string; text: string; repliesToCommentId?: string | null }
  >(
    `mutation CommentPost($postId: ID!, $text: String!, $repliesToCommentId: ID) {
      commentPost(postId: $postId, text: $text, repliesToCommentId: $repliesToCommentId) { ${FEED_POST_FIELDS} }
    }`,
  ),
  deleteComment: defineOperation<{ deleteComment: FeedPost }, { commentId: string }>(
    `mutation DeleteComment($commentId: ID!) { deleteComment(commentId: $commentId) { ${FEED_POST_FIELDS} } }`,
  ),
};
