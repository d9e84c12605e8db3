import { FEATURE_FEEDBACK_AFTER_USES, featureUsed } from './featureFeedback';

describe('asking for feature feedback', () => {
  beforeEach(() => window.sessionStorage.clear());

  const use = (loggedIn: boolean, ratedIds: string[], open: jest.Mock, featureId = 'globalSearch') =>
    featureUsed({ featureId, loggedIn, storage: window.sessionStorage, rated: async () => ratedIds, open });

  it('asks a logged-in guest once, at her third use in the tab, unless she rated the feature', async () => {
    const open = jest.fn();
    for (let n = 1; n < FEATURE_FEEDBACK_AFTER_USES; n += 1) await use(true, [], open);
    expect(open).not.toHaveBeenCalled();
    await use(true, [], open);
    expect(open).toHaveBeenCalledWith({ kind: 'feature', featureId: 'globalSearch' });
    await use(true, [], open);
    await use(true, [], open);
    expect(open).toHaveBeenCalledTimes(1);
    // Each feature counts apart.
    for (let n = 0; n < FEATURE_FEEDBACK_AFTER_USES; n += 1) await use(true, ['messenger'], open, 'messenger');
    expect(open).toHaveBeenCalledTimes(1);
  });

  it('never asks visitors who are not logged in, and survives a broken count in the storage', async () => {
    const open = jest.fn();
    for (let n = 0; n < FEATURE_FEEDBACK_AFTER_USES; n += 1) await use(false, [], open);
    expect(open).not.toHaveBeenCalled();
    window.sessionStorage.setItem('velvet.featureUses', '{broken');
    for (let n = 0; n < FEATURE_FEEDBACK_AFTER_USES; n += 1) await use(true, [], open);
    expect(open).toHaveBeenCalledTimes(1);
  });
});
