import { act, waitFor } from '@testing-library/react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { BehaviorSubject, Subject, filter } from 'rxjs';
import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import type { IncomingMessage, PlatformApi } from '@velvet/contracts';
import { defineRemoteApp, defineWidgets } from './defineRemoteApp';
import { usePlatform } from './context';

/** A platform whose bus is a plain Subject, so the test can see whether anyone still listens. */
function testPlatform() {
  const incoming = new Subject<IncomingMessage>();
  const i18n = i18next.createInstance();
  void i18n.use(initReactI18next).init({ lng: 'de', fallbackLng: 'en', resources: {}, initAsync: false });
  const bus: PlatformApi['bus'] = {
    on: (type) => incoming.pipe(filter((m): m is IncomingMessage<typeof type> => m.type === type)),
    send: () => undefined,
    ready$: new BehaviorSubject(true),
  };
  return { platform: { version: '1.0.0', bus, i18n } as unknown as PlatformApi, incoming };
}

const locales = { de: { hello: 'Hallo' }, en: { hello: 'Hello' }, nl: { hello: 'Hallo' }, es: { hello: 'Hola' } };

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

  it('keeps a crash inside the remote behind its error boundary', async () => {
    const consoleError = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    const { platform } = testPlatform();
    const widgets = defineWidgets({
      name: 'mf-chat',
      widgets: {
        'home.TOP': () => {
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
});
