import type { Lifecycles, MountProps } from '@velvet/federation';
import { fallbackRenderer, refusedLifecycles, resilientLifecycles } from './resilient';

function fakeRemote() {
  const mounted: HTMLElement[] = [];
  const lifecycles: Lifecycles = {
    bootstrap: async () => undefined,
    mount: async (props) => {
      props.domElement.innerHTML = '<div data-remote="mf-tv">TV</div>';
      mounted.push(props.domElement);
    },
    unmount: async (props) => {
      props.domElement.innerHTML = '';
    },
  };
  return { lifecycles, mounted };
}

describe('resilient remote lifecycles', () => {
  beforeEach(() => jest.useFakeTimers());
  afterEach(() => jest.useRealTimers());

  it('shows the fallback when the remote cannot load, retries with backoff and mounts it when it comes back', async () => {
    const remote = fakeRemote();
    let failures = 2;
    const load = jest.fn(async () => {
      if (failures-- > 0) throw new Error('ScriptExternalLoadError');
      return remote.lifecycles;
    });
    const app = resilientLifecycles({
      load,
      renderFallback: fallbackRenderer('mf-tv', () => 'Could not load'),
      retryDelaysMs: [1000, 2000],
    });
    const domElement = document.createElement('div');
    const props = { domElement, platform: {} } as unknown as MountProps;
    await app.bootstrap(props);
    await app.mount(props);
    expect(domElement.querySelector('[data-remote-fallback="mf-tv"]')?.textContent).toBe('Could not load');
    expect(load).toHaveBeenCalledTimes(1);

    await jest.advanceTimersByTimeAsync(999);
    expect(load).toHaveBeenCalledTimes(1);
    await jest.advanceTimersByTimeAsync(1);
    expect(load).toHaveBeenCalledTimes(2);
    expect(domElement.querySelectorAll('[data-remote-fallback]')).toHaveLength(1);

    await jest.advanceTimersByTimeAsync(2000);
    expect(load).toHaveBeenCalledTimes(3);
    expect(domElement.querySelector('[data-remote-fallback]')).toBeNull();
    expect(domElement.querySelector('[data-remote="mf-tv"]')).not.toBeNull();

    await app.unmount(props);
    expect(domElement.innerHTML).toBe('');
  });

  it('stops retrying after unmount', async () => {
    const load = jest.fn(async (): Promise<Lifecycles> => {
      throw new Error('down');
    });
    const app = resilientLifecycles({
      load,
      renderFallback: fallbackRenderer('mf-tv', () => 'x'),
      retryDelaysMs: [1000],
    });
    const props = { domElement: document.createElement('div'), platform: {} } as unknown as MountProps;
    await app.mount(props);
    await app.unmount(props);
    expect(props.domElement.innerHTML).toBe('');
    await jest.advanceTimersByTimeAsync(10_000);
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('shows the fallback when mounting throws, and says the mount failed rather than the load', async () => {
    const errors: Array<[string, string]> = [];
    const app = resilientLifecycles({
      onError: (error, phase) => errors.push([String(error), phase]),
      load: async () => ({
        bootstrap: async () => undefined,
        mount: async () => Promise.reject(new Error('render failed')),
        unmount: async () => undefined,
      }),
      renderFallback: fallbackRenderer('mf-chat', () => 'Fallback'),
      retryDelaysMs: [60_000],
    });
    const props = { domElement: document.createElement('div'), platform: {} } as unknown as MountProps;
    await app.mount(props);
    expect(props.domElement.querySelector('[data-remote-fallback="mf-chat"]')).not.toBeNull();
    expect(errors).toEqual([['Error: render failed', 'mount']]);
    await app.unmount(props);
  });

  it('a load that fails is reported as such', async () => {
    const phases: string[] = [];
    const app = resilientLifecycles({
      load: async () => Promise.reject(new Error('entry 404')),
      renderFallback: fallbackRenderer('mf-tv', () => 'x'),
      onError: (_error, phase) => phases.push(phase),
      retryDelaysMs: [60_000],
    });
    const props = { domElement: document.createElement('div'), platform: {} } as unknown as MountProps;
    await app.mount(props);
    expect(phases).toEqual(['load']);
    await app.unmount(props);
  });
});

describe('a refused remote', () => {
  it('shows its fallback where it would mount and removes it on unmount', async () => {
    const app = refusedLifecycles(fallbackRenderer('mf-tv', () => 'Not available'));
    const props = { domElement: document.createElement('div'), platform: {} } as unknown as MountProps;
    await app.bootstrap(props);
    await app.mount(props);
    expect(props.domElement.querySelector('[data-remote-fallback="mf-tv"]')?.textContent).toBe('Not available');
    await app.unmount(props);
    expect(props.domElement.innerHTML).toBe('');
  });
});
