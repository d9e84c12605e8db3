import { INCENTIVE_BLOCK_COOKIE, type Endpoint, type Incentive } from '@velvet/contracts';
import type { RestCall } from '@velvet/sdk';
import { blockedGroups, createRemoteIncentives, pageLoadIncentives } from './incentives';
import type { ShellRouter } from './router';

const incentive = (overrides: Partial<Incentive>): Incentive => ({
  id: 1,
  region: 'videoPlayer',
  type: 'videoPreviewSignup',
  event: 'videoPreviewEnd',
  priority: 10,
  countdownEnds: null,
  uniqueGroup: 'preview-signup',
  title: 'Liked the preview?',
  text: 'Sign up and watch the whole video.',
  action: { label: 'Sign up', routeName: null },
  ...overrides,
});

/** The remotes' incentives over REST answers: `lists` in turn for the loads, `closeTaken` for closeIncentive. */
function remoteIncentives(lists: Incentive[][], closeTaken = true, cookie = '') {
  const calls: { path: string; input: unknown }[] = [];
  let loads = 0;
  const document = { cookie };
  const rest = ((endpoint: Endpoint, input: unknown) => {
    calls.push({ path: endpoint.path, input });
    if (endpoint.path === '/conversion/closeIncentive')
      return closeTaken
        ? Promise.resolve({ data: { success: true, blockedUntil: '2026-12-25T00:00:00.000Z' } })
        : Promise.reject(new Error('offline'));
    return Promise.resolve({ data: { incentives: lists[Math.min(loads++, lists.length - 1)] } });
  }) as unknown as RestCall;
  const router = {
    current: () => ({ name: 'video', args: { videoId: '12', actorName: 'lena' }, language: 'en' }),
  } as unknown as ShellRouter;
  // Cookies set through document.cookie: a test keeps only the last one written, which is the block cookie.
  const incentives = createRemoteIncentives({ rest, router, session: () => 'token', document: () => document });
  return { incentives, calls, document, rest, router };
}

describe("the remotes' incentives", () => {
  it("loads a preview's end for the videoPlayer region only, leaving out groups the browser closed", async () => {
    const { incentives, calls } = remoteIncentives(
      [
        [
          incentive({}),
          incentive({ id: 2, region: 'overlay', uniqueGroup: 'overlay' }),
          incentive({ id: 3, uniqueGroup: 'closed-here' }),
        ],
      ],
      true,
      `${INCENTIVE_BLOCK_COOKIE}=closed-here`,
    );
    expect((await incentives.load({ region: 'videoPlayer', videoId: 12 })).map((item) => item.id)).toEqual([1]);
    expect(calls).toEqual([
      { path: '/conversion/getVideoPreviewEndIncentives/:albumId', input: { params: { albumId: 12 }, query: {} } },
    ]);
  });

  it("loads the current route's page-load incentives for the inPage region", async () => {
    const { incentives, calls } = remoteIncentives([[incentive({ region: 'inPage', event: 'pageLoad' })]]);
    expect(await incentives.load({ region: 'inPage' })).toHaveLength(1);
    expect(calls[0]).toEqual({
      path: '/conversion/getPageLoadIncentives',
      input: { query: {}, body: { routeName: 'video', routeArgs: { videoId: '12', actorName: 'lena' } } },
    });
  });

  it("shares the page-load call with the shell's regions until the route or the session changes or a close is taken", async () => {
    const inPage = incentive({ region: 'inPage', event: 'pageLoad', uniqueGroup: 'in-page' });
    const { incentives, calls, rest, router } = remoteIncentives([[inPage], [inPage], [inPage], []]);
    const pageLoads = () => calls.filter((call) => call.path === '/conversion/getPageLoadIncentives').length;
    const [shellsAnswer, remotesAnswer] = await Promise.all([
      pageLoadIncentives(rest, router.current(), 'token'),
      incentives.load({ region: 'inPage' }),
    ]);
    expect([shellsAnswer.length, remotesAnswer.length, pageLoads()]).toEqual([1, 1, 1]);
    await incentives.load({ region: 'inPage' });
    expect(pageLoads()).toBe(1);
    await pageLoadIncentives(rest, router.current(), 'another session');
    expect(pageLoads()).toBe(2);
    await pageLoadIncentives(rest, { name: 'videos', args: {} }, 'another session');
    expect(pageLoads()).toBe(3);
    expect(await incentives.close({ region: 'inPage' }, inPage, 'dismissed')).toEqual([]);
    expect(pageLoads()).toBe(4);
  });

  it('closes as the shell does: the group is blocked in the cookie, the server told, the region loaded again', async () => {
    const { incentives, calls, document } = remoteIncentives([[incentive({})], []]);
    const request = { region: 'videoPlayer', videoId: 12 } as const;
    const [shown] = await incentives.load(request);
    expect(await incentives.close(request, shown!, 'dismissed')).toEqual([]);
    expect(blockedGroups(document.cookie)).toEqual(new Set(['preview-signup']));
    expect(document.cookie).toContain(`max-age=${30 * 24 * 3600}`);
    expect(calls.map((call) => call.path)).toEqual([
      '/conversion/getVideoPreviewEndIncentives/:albumId',
      '/conversion/closeIncentive',
      '/conversion/getVideoPreviewEndIncentives/:albumId',
    ]);
    expect(calls[1]!.input).toEqual({ body: { result: 'dismissed', incentive: { id: 1 } } });
  });

  it('answers null and loads nothing again when the server did not take the close; the cookie still holds', async () => {
    const { incentives, calls, document } = remoteIncentives([[incentive({})]], false);
    expect(await incentives.close({ region: 'videoPlayer', videoId: 12 }, incentive({}), 'accepted')).toBeNull();
    expect(calls.map((call) => call.path)).toEqual(['/conversion/closeIncentive']);
    expect(blockedGroups(document.cookie)).toEqual(new Set(['preview-signup']));
  });
});
