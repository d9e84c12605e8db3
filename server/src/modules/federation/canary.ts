import { createHash } from 'node:crypto';

/**
 * A visitor's place (0 to 99.99...) in a tenant's canary roll-out of one remote: a hash, so the same visitor always
 * gets the same answer and raising the percentage only adds visitors. The remote is part of the hash so two canaries
 * do not hit the same visitors.
 */
export function canaryBucket(tenantId: string, remote: string, visitor: string): number {
  const digest = createHash('sha256').update(`${tenantId}\0${remote}\0${visitor}`).digest();
  return (digest.readUInt32BE(0) / 0x1_0000_0000) * 100;
}

export const inCanary = (tenantId: string, remote: string, visitor: string, percent: number) =>
  percent > 0 && canaryBucket(tenantId, remote, visitor) < percent;
