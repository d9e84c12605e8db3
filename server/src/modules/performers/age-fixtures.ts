import assert from 'node:assert/strict';
import type { AuthResponse } from '@velvet/contracts';
import type { Database } from '../../db/database';
import type { TestApp } from '../../testing/app';
import { setAvsStatus } from '../auth/age';
import { createPerformer, updatePerformer } from './fixtures';
import { actorSedcards } from './schema';

/**
 * Test support of the answers that show a rated performer's pictures: a guest on each side of the age gate, and
 * the check that an answer shows them through the caller's gate.
 */

export interface GateGuests {
  unverified: AuthResponse;
  verified: AuthResponse;
}

/**
 * A performer rated 18 with an avatar and two sedcards, named as the image store names them (answers only name
 * them, so their files need not exist).
 */
export async function createRatedPerformer(db: Database) {
  const performer = await createPerformer(db, { ageRating: 18 });
  const avatarUrl = `/media/actors/${performer.id}/avatar.webp`;
  await updatePerformer(db, performer.id, { avatarUrl });
  const sedcards = [0, 1].map((position) => ({
    actorId: performer.id,
    url: `/media/actors/${performer.id}/sedcard-${position + 1}.webp`,
    width: 640,
    height: 853,
    position,
  }));
  await db.insert(actorSedcards).values(sedcards);
  return { ...performer, avatarUrl, sedcards: sedcards.map((sedcard) => sedcard.url) };
}

/** A logged-in guest who is not verified, and one whose age verification was accepted. */
export async function gateGuests(t: TestApp): Promise<GateGuests> {
  const unverified = await t.signup();
  const verified = await t.signup();
  await setAvsStatus(t.ctx.db, verified.guest.id, 'accepted');
  return { unverified, verified };
}

/**
 * Asserts that an answer shows the pictures `originals` of a performer rated above the free rating of images as
 * the caller's age gate says: their blurred variants to a visitor (`shown()` without a token; left out with
 * `visitors: false` where the answer is not open to one) and to an unverified guest, the originals signed to a
 * verified guest. `shown` asks the answer with a caller's token and picks the pictures in the order of
 * `originals`. Answers the signed URLs.
 */
export async function assertShownThroughGate(
  t: TestApp,
  guests: GateGuests,
  originals: readonly string[],
  shown: (token?: string) => Promise<readonly string[]>,
  { visitors = true }: { visitors?: boolean } = {},
): Promise<string[]> {
  assert.ok(originals.length > 0, 'a picture to show');
  const blurred = originals.map((url) => t.ctx.images.blurredUrl(url));
  assert.ok(
    blurred.every((url, i) => url !== originals[i]),
    'pictures that have a blurred variant',
  );
  if (visitors) assert.deepEqual(await shown(), blurred, 'visitor');
  assert.deepEqual(await shown(guests.unverified.accessToken), blurred, 'unverified guest');
  const signed = [...(await shown(guests.verified.accessToken))];
  assert.deepEqual(
    signed,
    originals.map((url) => t.ctx.images.signedUrl(url, t.ctx.now())),
    'verified guest',
  );
  return signed;
}
