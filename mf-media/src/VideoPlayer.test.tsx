import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import type { Incentive } from '@velvet/contracts';
import { createMockPlatform, renderWithPlatform } from '@velvet/testing';
import { locales } from './locales';
import { makeVideo } from './testing/fixtures';
import { VideoPlayer } from './VideoPlayer';

const signup: Incentive = {
  id: 5,
  region: 'videoPlayer',
  type: 'videoPreviewSignup',
  event: 'videoPreviewEnd',
  priority: 10,
  countdownEnds: null,
  uniqueGroup: 'preview-signup',
  title: '¿Te gustó el avance?',
  text: 'Regístrate y mira el vídeo completo.',
  action: { label: 'Registrarse', routeName: null },
};

/** The player of video 3 for a visitor, the preview's incentives answered from `lists` in turn. */
function renderPlayer(lists: Incentive[][], overrides: Parameters<typeof makeVideo>[1] = {}) {
  let loads = 0;
  const closes: unknown[] = [];
  const platform = createMockPlatform({
    language: 'es',
    rest: {
      '/conversion/getVideoPreviewEndIncentives/:albumId': () => ({
        data: { incentives: lists[Math.min(loads++, lists.length - 1)]! },
      }),
      '/conversion/closeIncentive': (input) => {
        closes.push(input.body);
        return { data: { success: true, blockedUntil: '2026-12-25T00:00:00.000Z' } };
      },
    },
  });
  renderWithPlatform(<VideoPlayer video={makeVideo(3, overrides)} />, { platform, remote: 'mf-media', locales });
  return { platform, closes, loads: () => loads };
}

const previewEnds = () => act(() => void fireEvent.ended(document.querySelector('video')!));

describe("the videoPlayer region's incentives", () => {
  it("shows the first one over the player when the preview ends, and closes it with the shell's flow", async () => {
    const { platform, closes, loads } = renderPlayer([[signup, { ...signup, id: 6, title: 'Segunda' }], []]);
    expect(screen.queryByTestId('incentive-videoPlayer')).toBeNull();
    previewEnds();
    const box = await screen.findByTestId('incentive-videoPlayer');
    expect(box).toHaveTextContent('¿Te gustó el avance?');
    expect(box).not.toHaveTextContent('Segunda');
    expect(platform.restCalls[0]).toMatchObject({ input: { params: { albumId: 3 } } });

    fireEvent.click(screen.getByRole('button', { name: 'Cerrar la oferta' }));
    // Its group goes at once (the second one shares it); the region is loaded again once the server took the close.
    expect(screen.queryByTestId('incentive-videoPlayer')).toBeNull();
    await waitFor(() => expect(loads()).toBe(2));
    expect(closes).toEqual([{ result: 'dismissed', incentive: { id: 5 } }]);
    expect(screen.queryByTestId('incentive-videoPlayer')).toBeNull();
  });

  it('accepting a sign-up nudge as a visitor opens the sign-up and closes it as accepted', async () => {
    const { platform, closes } = renderPlayer([[signup], []]);
    previewEnds();
    fireEvent.click(await screen.findByRole('button', { name: 'Registrarse' }));
    expect(platform.openedFlows).toEqual(['signup']);
    await waitFor(() => expect(closes).toEqual([{ result: 'accepted', incentive: { id: 5 } }]));
  });

  it('asks nothing at the end of a full video', async () => {
    const { platform } = renderPlayer([[signup]], { free: true });
    previewEnds();
    expect(platform.restCalls).toEqual([]);
    expect(screen.queryByTestId('incentive-videoPlayer')).toBeNull();
  });
});
