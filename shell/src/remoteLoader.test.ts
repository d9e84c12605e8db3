import type { LoadReporter } from './loadReports';
import { createRemoteLoader } from './remoteLoader';
import { manifestRemote } from './testShell';

const tv = manifestRemote('mf-tv', ['home.TV']);

function recordingReporter() {
  const calls: unknown[][] = [];
  const reporter: LoadReporter = {
    succeeded: (remote, ms) => calls.push(['success', remote.name, ms]),
    failed: (remote, stage, ms, error) => calls.push(['failure', remote.name, stage, ms, String(error)]),
    flush: () => undefined,
  };
  return { reporter, calls };
}

describe('remote loader', () => {
  it('answers the default export of the exposed module and reports the load with its time', async () => {
    const { reporter, calls } = recordingReporter();
    let time = 100;
    const loader = createRemoteLoader({
      loadRemote: async (id) => {
        time += 40;
        return { default: { id } };
      },
      reporter,
      now: () => time,
    });
    await expect(loader.load(tv, 'app')).resolves.toEqual({ id: 'mf_tv/app' });
    expect(calls).toEqual([['success', 'mf-tv', 40]]);
  });

  it('reports the stage the runtime plugin saw fail, else the exposed module', async () => {
    const { reporter, calls } = recordingReporter();
    let time = 0;
    const loader = createRemoteLoader({
      loadRemote: async () => {
        time += 10;
        if (time === 10) loader.recordFailure({ remote: 'mf_tv', stage: 'timeout', error: 'Script timed out.' });
        throw new Error('RUNTIME-008');
      },
      reporter,
      now: () => time,
    });
    await expect(loader.load(tv, 'app')).rejects.toThrow('RUNTIME-008');
    // The failure the plugin saw before this attempt started is not this attempt's.
    await expect(loader.load(tv, 'widgets')).rejects.toThrow('RUNTIME-008');
    expect(calls).toEqual([
      ['failure', 'mf-tv', 'timeout', 10, 'Script timed out.'],
      ['failure', 'mf-tv', 'expose', 10, 'Error: RUNTIME-008'],
    ]);
  });

  it('counts a module that loads as nothing as a failed expose', async () => {
    const { reporter, calls } = recordingReporter();
    const loader = createRemoteLoader({ loadRemote: async () => null, reporter, now: () => 0 });
    await expect(loader.load(tv, 'widgets')).rejects.toThrow('mf-tv/widgets did not load');
    expect(calls[0]?.slice(0, 3)).toEqual(['failure', 'mf-tv', 'expose']);
  });
});
