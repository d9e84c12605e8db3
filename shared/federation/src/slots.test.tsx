import { cleanup, render, screen, waitFor } from '@testing-library/react';
import { useState } from 'react';
import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import { BehaviorSubject, NEVER } from 'rxjs';
import { mountRootParcel } from 'single-spa';
import type { ManifestRemote, PlatformApi, SlotName, SlotProps } from '@velvet/contracts';
import { defineWidgets, type Lifecycles, type LocaleLoader } from './defineRemoteApp';
import { createSlotHost, SlotPropsError, type LoadWidgets } from './slots';
import { SlotHost } from './SlotHost';

/** No strings, one language at a time. */
const locales: LocaleLoader = async () => ({ default: {} });

/** Just what a mounted widget reads of the platform here: its i18n instance and a bus. */
function testPlatform(): PlatformApi {
  const i18n = i18next.createInstance();
  void i18n.use(initReactI18next).init({ lng: 'en', resources: {}, initAsync: false });
  return {
    version: '1.0.0',
    i18n,
    bus: { on: () => NEVER, send: () => undefined, ready$: new BehaviorSubject(true) },
  } as unknown as PlatformApi;
}

function remote(name: ManifestRemote['name'], slots: SlotName[]): ManifestRemote {
  return {
    name,
    version: '1.0.0',
    entry: `/remotes/${name}/1.0.0/mf-manifest.json`,
    descriptor: {
      name,
      federationName: name.replace('-', '_'),
      platform: '^1',
      feature: name.slice(3),
      routes: [],
      menus: [],
      messages: { de: {}, en: {}, nl: {}, es: {} },
      slots,
      breadcrumbs: [],
    },
  };
}

const media = remote('mf-media', ['actorProfile.videos', 'actorProfile.pictures']);

/** The media remote's videos widget as a stand-in: it shows the props it was given. */
const widgets = defineWidgets({
  name: 'mf-media',
  widgets: {
    'actorProfile.videos':
      async () =>
      ({ actorId, actorName, classic }: SlotProps<'actorProfile.videos'>) => (
        <p>
          Videos of {actorName} ({actorId}){classic ? ', classic' : ''}
        </p>
      ),
  },
  locales,
}) as Record<string, Lifecycles>;

function setup(loadWidgets: LoadWidgets = async () => widgets) {
  const platform = testPlatform();
  const refused: SlotPropsError[] = [];
  const fallbacks: string[] = [];
  const slots = createSlotHost({
    remotes: [media],
    loadWidgets: jest.fn(loadWidgets),
    mountParcel: mountRootParcel,
    platform: () => platform,
    renderFallback: (owner) => void fallbacks.push(owner),
    onPropsRefused: (error) => void refused.push(error),
  });
  return { slots, refused, fallbacks };
}

/** A profile tab hosting the videos widget, as a remote (or the shell) would. */
function VideosTab({
  slots,
  props,
  onError,
}: {
  slots: ReturnType<typeof createSlotHost>;
  props: SlotProps<'actorProfile.videos'>;
  onError?: (error: unknown) => void;
}) {
  return (
    <SlotHost
      slots={slots}
      slot="actorProfile.videos"
      props={props}
      fallback={<p role="alert">Videos are not available</p>}
      {...(onError ? { onError } : {})}
    />
  );
}

describe('slot host', () => {
  let consoleError: jest.SpyInstance;
  beforeEach(() => {
    consoleError = jest.spyOn(console, 'error').mockImplementation(() => undefined);
  });
  afterEach(() => {
    // unmounted while console.error is still quiet: the parcels' unmount logs React's act notice
    cleanup();
    consoleError.mockRestore();
  });

  it('mounts the widget of the remote that fills the slot with props that pass its schema', async () => {
    const { slots, refused } = setup();
    render(<VideosTab slots={slots} props={{ actorId: 7, actorName: 'lena', classic: true }} />);
    expect(await screen.findByText('Videos of lena (7), classic')).toBeInTheDocument();
    expect(
      document.querySelector('[data-slot="actorProfile.videos"] [data-widget="actorProfile.videos"]'),
    ).not.toBeNull();
    expect(screen.queryByRole('alert')).toBeNull();
    expect(refused).toEqual([]);
  });

  it('refuses props that fail the schema: the widget never mounts, the failure is reported, the fallback shows', async () => {
    const load = jest.fn(async () => widgets);
    const { slots, refused } = setup(load);
    const errors: unknown[] = [];
    // what a host written without the contract might pass: an id as text and a misspelt name
    const wrong = { actorId: '7', actorname: 'lena' } as unknown as SlotProps<'actorProfile.videos'>;
    render(<VideosTab slots={slots} props={wrong} onError={(error) => errors.push(error)} />);
    expect(await screen.findByRole('alert')).toHaveTextContent('Videos are not available');
    expect(screen.queryByText(/Videos of/)).toBeNull();
    expect(document.querySelector('[data-widget]')).toBeNull();
    // refused before the remote's code is even asked for
    expect(load).not.toHaveBeenCalled();
    expect(refused).toHaveLength(1);
    expect(refused[0]).toBeInstanceOf(SlotPropsError);
    expect(refused[0]!.slot).toBe('actorProfile.videos');
    expect(refused[0]!.issues.map((issue) => issue.path.join('.'))).toEqual(
      expect.arrayContaining(['actorId', 'actorName', '']),
    );
    expect(errors).toEqual([refused[0]]);
    expect(consoleError).toHaveBeenCalledWith(refused[0]);
  });

  it('tries again when the host passes other props after a refusal', async () => {
    const { slots } = setup();
    function Host() {
      const [props, setProps] = useState({ actorId: 0, actorName: 'lena' });
      return (
        <>
          <button type="button" onClick={() => setProps({ actorId: 7, actorName: 'lena' })}>
            fix
          </button>
          <VideosTab slots={slots} props={props} />
        </>
      );
    }
    render(<Host />);
    expect(await screen.findByRole('alert')).toBeInTheDocument();
    screen.getByRole('button', { name: 'fix' }).click();
    expect(await screen.findByText('Videos of lena (7)')).toBeInTheDocument();
  });

  it('falls back when the filling remote does not export the widget', async () => {
    const { slots } = setup();
    const errors: unknown[] = [];
    render(
      <SlotHost
        slots={slots}
        slot="actorProfile.pictures"
        props={{ actorId: 7, actorName: 'lena' }}
        fallback={<p role="alert">Pictures are not available</p>}
        onError={(error) => errors.push(error)}
      />,
    );
    expect(await screen.findByRole('alert')).toHaveTextContent('Pictures are not available');
    expect(String(errors[0])).toContain('mf-media does not export the widget actorProfile.pictures');
  });

  it('falls back when the remote cannot be loaded, and shows the fallback at once when no remote fills the slot', async () => {
    const { slots } = setup(() => Promise.reject(new Error('ChunkLoadError')));
    render(<VideosTab slots={slots} props={{ actorId: 7, actorName: 'lena' }} />);
    expect(await screen.findByRole('alert')).toBeInTheDocument();

    render(<SlotHost slots={slots} slot="myAccount.spinwheel" fallback={<p>The spinwheel is not available</p>} />);
    expect(screen.getByText('The spinwheel is not available')).toBeInTheDocument();
    expect(slots.has('myAccount.spinwheel')).toBe(false);
  });

  it('without an onError, a failed slot gets the platform fallback in its element', async () => {
    const { slots, fallbacks } = setup();
    const element = document.createElement('div');
    slots.render('actorProfile.videos', element, { actorId: -1, actorName: 'lena' });
    await waitFor(() => expect(fallbacks).toEqual(['mf-media']));
  });
});
