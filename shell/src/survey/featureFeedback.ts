import type { Survey } from '../uiStore';

/** A guest is asked to rate a feature once she has used it this often in a tab. */
export const FEATURE_FEEDBACK_AFTER_USES = 3;
const USES_KEY = 'velvet.featureUses';

export interface FeatureUse {
  featureId: string;
  loggedIn: boolean;
  /** The tab's storage: uses are counted per tab, so a guest who closed the survey is not asked again there. */
  storage: Storage;
  /** The features the guest rated already (featureFeedbackIds). */
  rated: () => Promise<string[]>;
  open: (survey: Survey) => void;
}

function readUses(storage: Storage): Record<string, number> {
  try {
    const uses: unknown = JSON.parse(storage.getItem(USES_KEY) ?? '{}');
    return typeof uses === 'object' && uses !== null ? (uses as Record<string, number>) : {};
  } catch {
    return {};
  }
}

/**
 * Counts a use of a feature; at the FEATURE_FEEDBACK_AFTER_USES-th use in the tab a logged-in guest who has not
 * rated it is asked to (a feature survey, queued behind any open survey). Feature feedback is a guest's: visitors
 * who are not logged in are never asked.
 */
export async function featureUsed({ featureId, loggedIn, storage, rated, open }: FeatureUse): Promise<void> {
  if (!loggedIn) return;
  const uses = readUses(storage);
  const count = (uses[featureId] ?? 0) + 1;
  storage.setItem(USES_KEY, JSON.stringify({ ...uses, [featureId]: count }));
  if (count !== FEATURE_FEEDBACK_AFTER_USES) return;
  if (!(await rated()).includes(featureId)) open({ kind: 'feature', featureId });
}
