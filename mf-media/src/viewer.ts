import { useGuest, useGuestKey } from '@velvet/federation';

/**
 * Whose answers a load key names: the guest (useGuestKey) and whether the guest's age is verified, because rated
 * media come blurred or not by it. A verification (the avsSet push updates the session) loads them again.
 */
export function useViewerKey(): string {
  const guestKey = useGuestKey();
  const verified = useGuest().flags.avs;
  return verified ? `${guestKey}|avs` : guestKey;
}
