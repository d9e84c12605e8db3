import { act, waitFor } from '@testing-library/react';
import { useEffect, useState, type ReactElement } from 'react';
import { useTranslation } from 'react-i18next';
import { BehaviorSubject, Subject, filter } from 'rxjs';
import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import type { IncomingMessage, PlatformApi } from '@velvet/contracts';
import { renderToString } from 'react-dom/server';
import { dehydrate, QueryClient } from '@tanstack/react-query';
import { defineRemoteApp, defineWidgets, SERVER_RENDERED, type LocaleLoader } from './defineRemoteApp';
import { useLoaded } from './data';
import { usePlatform } from './context';

/** A platform whose bus is a plain Subject, so the test can see whether anyone still listens. */
function testPlatform() {
  const incoming = new Subject<IncomingMessage>();
  const i18n = i18next.createInstance();
  // As the shell's instance: components render again when strings are added to the store.
  void i18n.use(initReactI18next).init({
    lng: 'de',
    fallbackLng: 'en',
    resources: {},
    initAsync: false,
    react: { bindI18nStore: 'added' },
  });
  const bus: PlatformApi['bus'] = {
    on: (type) => incoming.pipe(filter((m): m is IncomingMessage<typeof type> => m.type === type)),
    send: () => undefined,
    ready$: new BehaviorSubject(true),
  };
  return { platform: { version: '1.0.0', bus, i18n } as unknown as PlatformApi, incoming };
}

const strings = { de: { hello: 'Hallo' }, en: { hello: 'Hello' }, nl: { hello: 'Hallo' }, es: { hello: 'Hola' } };
/** The test's strings as a remote's build ships them: one language at a time. */
const locales: LocaleLoader = async (language) => ({ default: strings[language] });

function OnlineCount() {
  const platform = usePlatform();
  const { t } = useTranslation();
  const [count, setCount] = useState(0);
  useEffect(() => {
    // deliberately never unsubscribed: the scope must end it on unmount
    platform.bus.on('actorOnline').subscribe(() => setCount((c) => c + 1));
  }, [platform]);
  return (
    <p>
      {t('hello')} {count}
    </p>
  );
}

describe('defineRemoteApp', () => {
  it('mounts with the remote marker and its namespace, and ends bus subscriptions on unmount', async () => {
    const { platform, incoming } = testPlatform();
    const app = defineRemoteApp({ name: 'mf-tv', App: OnlineCount, locales });
    const domElement = document.createElement('div');
    document.body.appendChild(domElement);
    const props = { platform, domElement, name: 'mf-tv' };
    await app.bootstrap(props);
    await app.mount(props);
    await waitFor(() => expect(domElement.querySelector('[data-remote="mf-tv"]')).toHaveTextContent('Hallo 0'));
    act(() => incoming.next({ type: 'actorOnline', actorId: 1, actorName: 'anna' }));
    await waitFor(() => expect(domElement).toHaveTextContent('Hallo 1'));
    expect(incoming.observed).toBe(true);
    await app.unmount(props);
    expect(domElement.innerHTML).toBe('');
    expect(incoming.observed).toBe(false);
  });

  it('adds its strings before its first render without the event that renders every translated component again, and with it for a language chosen while mounted', async () => {
    const { platform } = testPlatform();
    const added: string[] = [];
    platform.i18n.store.on('added', (language: string, namespace: string) => added.push(`${language}:${namespace}`));
    const app = defineRemoteApp({ name: 'mf-tv', App: OnlineCount, locales });
    const domElement = document.createElement('div');
    const props = { platform, domElement, name: 'mf-tv' };
    await app.bootstrap(props);
    await app.mount(props);
    await waitFor(() => expect(domElement).toHaveTextContent('Hallo 0'));
    expect(added).toEqual([]);
    await act(() => platform.i18n.changeLanguage('en'));
    await waitFor(() => expect(domElement).toHaveTextContent('Hello 0'));
    expect(added).toEqual(['en:mf-tv']);
    await app.unmount(props);
  });

  it("loads a widget's code when its slot is first filled, once, none of the other widgets', and again after a failed load", async () => {
    const { platform } = testPlatform();
    const loadTop = jest
      .fn<Promise<() => ReactElement>, []>()
      .mockRejectedValueOnce(new Error('ChunkLoadError'))
      .mockResolvedValue(() => <p>Top cams</p>);
    const loadNew = jest.fn(async () => () => <p>New girls</p>);
    const widgets = defineWidgets({ name: 'mf-chat', widgets: { 'home.TOP': loadTop, 'home.New': loadNew }, locales });
    expect(loadTop).not.toHaveBeenCalled();
    const failed = { platform, domElement: document.createElement('div'), name: 'parcel-0' };
    await widgets['home.TOP'].bootstrap(failed);
    await expect(widgets['home.TOP'].mount(failed)).rejects.toThrow('ChunkLoadError');
    for (const name of ['parcel-1', 'parcel-2']) {
      const props = { platform, domElement: document.createElement('div'), name };
      await widgets['home.TOP'].bootstrap(props);
      await widgets['home.TOP'].mount(props);
      await waitFor(() => expect(props.domElement).toHaveTextContent('Top cams'));
      await widgets['home.TOP'].unmount(props);
    }
    expect(loadTop).toHaveBeenCalledTimes(2);
    expect(loadNew).not.toHaveBeenCalled();
  });

  it('keeps a crash inside the remote behind its error boundary', async () => {
    const consoleError = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    const { platform } = testPlatform();
    const widgets = defineWidgets({
      name: 'mf-chat',
      widgets: {
        'home.TOP': async () => () => {
          throw new Error('boom');
        },
      },
      locales,
    });
    const domElement = document.createElement('div');
    const props = { platform, domElement, name: 'parcel-1' };
    await widgets['home.TOP'].bootstrap(props);
    await widgets['home.TOP'].mount(props);
    await waitFor(() => expect(domElement.querySelector('[data-remote-error="mf-chat"]')).not.toBeNull());
    await widgets['home.TOP'].unmount(props);
    consoleError.mockRestore();
  });

  it('hydrates what the server rendered with the same tree and answers, keeping its nodes, and renders afresh without them', async () => {
    const { platform } = testPlatform();
    const load = jest.fn(() => Promise.resolve('a price of 7'));
    function Price() {
      const loaded = useLoaded('price', load);
      return <p>{loaded.status === 'done' ? loaded.data : 'loading'}</p>;
    }
    const app = defineRemoteApp({ name: 'mf-media', App: Price, locales });
    const server = new QueryClient();
    await server.prefetchQuery({ queryKey: ['price'], queryFn: load });
    const html = renderToString(await app.serverElement({ platform, queryClient: server }));
    expect(html).toContain('data-remote="mf-media"');
    expect(html).toContain('a price of 7');

    const consoleError = jest.spyOn(console, 'error');
    const domElement = document.createElement('div');
    domElement.setAttribute(SERVER_RENDERED, 'server');
    domElement.innerHTML = html;
    const rendered = domElement.querySelector('p')!;
    const props = { platform, domElement, name: 'mf-media', serverState: dehydrate(server) };
    await app.bootstrap(props);
    await app.mount(props);
    await waitFor(() => expect(domElement).toHaveTextContent('a price of 7'));
    // hydrated, not replaced: the server's node is the one on the page, and nothing was asked again
    expect(domElement.querySelector('p')).toBe(rendered);
    expect(load).toHaveBeenCalledTimes(1);
    expect(consoleError).not.toHaveBeenCalled();
    await app.unmount(props);

    // Without the server's answers the same element is rendered afresh (no mismatch to recover from).
    domElement.innerHTML = html;
    const again = { platform, domElement, name: 'mf-media' };
    await app.mount(again);
    await waitFor(() => expect(domElement).toHaveTextContent('a price of 7'));
    expect(domElement.querySelectorAll('[data-remote="mf-media"]')).toHaveLength(1);
    // (its answer arrives outside act(), which React's test build notes; no hydration message)
    expect(consoleError.mock.calls.flat().join(' ')).not.toMatch(/hydrat|did not match/i);
    consoleError.mockRestore();
    await app.unmount(again);
  });
});
