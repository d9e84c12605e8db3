import { useEffect, useState } from 'react';
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { useTranslation } from 'react-i18next';
import { defineOperation, federationEndpoints, guestEndpoints } from '@velvet/contracts';
import { usePlatform } from '@velvet/federation';
import { ApiError } from '@velvet/sdk';
import { createMockPlatform, renderWithPlatform, restCallsTo, restFixture, routeHref } from './index';

const locales = {
  en: { hello: 'Hello {{name}}' },
  de: { hello: 'Hallo {{name}}' },
  nl: { hello: 'Hallo {{name}}' },
  es: { hello: 'Hola {{name}}' },
};

function Greeting() {
  const { t } = useTranslation();
  const platform = usePlatform();
  const [online, setOnline] = useState<string[]>([]);
  useEffect(() => {
    const subscription = platform.bus
      .on('actorOnline')
      .subscribe((message) => setOnline((names) => [...names, message.actorName]));
    return () => subscription.unsubscribe();
  }, [platform]);
  return (
    <div>
      <p>{t('hello', { name: platform.session.current().guest.name })}</p>
      <p data-testid="online">{online.join(',')}</p>
      <a href={platform.router.href('actorProfile', { actorName: 'Anna' })}>profile</a>
      <button type="button" onClick={() => platform.ui.open('login')}>
        login
      </button>
      <button type="button" onClick={() => platform.bus.send({ type: 'favoritePinActor', actorId: 7 })}>
        pin
      </button>
    </div>
  );
}

describe('renderWithPlatform', () => {
  it('renders in the remote namespace and language, with data-remote on the root', () => {
    const platform = createMockPlatform({ language: 'de', loggedIn: true });
    const { container } = renderWithPlatform(<Greeting />, { platform, remote: 'mf-chat', locales });
    expect(screen.getByText('Hallo Tester')).toBeInTheDocument();
    expect(container.querySelector('[data-remote="mf-chat"]')).not.toBeNull();
    expect(screen.getByRole('link', { name: 'profile' })).toHaveAttribute('href', '/de/amateur/anna/');
  });

  it('records flows and sent messages and delivers emitted ones', () => {
    const { platform } = renderWithPlatform(<Greeting />, { remote: 'mf-chat', locales });
    fireEvent.click(screen.getByRole('button', { name: 'login' }));
    fireEvent.click(screen.getByRole('button', { name: 'pin' }));
    act(() => platform.emit({ type: 'actorOnline', actorId: 3, actorName: 'lena' }));
    expect(platform.openedFlows).toEqual(['login']);
    expect(platform.sent).toEqual([{ type: 'favoritePinActor', actorId: 7 }]);
    expect(screen.getByTestId('online')).toHaveTextContent('lena');
  });
});

describe('createMockPlatform', () => {
  it('answers REST calls from handlers and parses them with the response schema', async () => {
    const platform = createMockPlatform({ rest: { '/alive': () => ({ alive: true }) } });
    await expect(platform.api.rest(federationEndpoints.alive)).resolves.toEqual({ alive: true });
    expect(platform.restCalls).toEqual([{ method: 'GET', path: '/alive', input: undefined }]);
  });

  it('fails a fixture that drifts from the contract', async () => {
    const platform = createMockPlatform({ rest: { '/alive': () => ({ alive: 'yes' }) } });
    await expect(platform.api.rest(federationEndpoints.alive)).rejects.toThrow();
  });

  it('refuses calls that need a guest for an anonymous visitor, like the SDK', async () => {
    const platform = createMockPlatform({ rest: { '/guest/profile/get': () => ({}) } });
    const error = await platform.api.rest(guestEndpoints.profileGet).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).code).toBe('LOGIN_REQUIRED');
  });

  it('rejects input that breaks the endpoint schema with VALIDATION_FAILED', async () => {
    const platform = createMockPlatform({ loggedIn: true, rest: { '/guest/profile/update': () => ({}) } });
    const error = await platform.api
      .rest(guestEndpoints.profileUpdate, { body: { properties: { name: 'x' } } })
      .catch((e: unknown) => e);
    expect((error as ApiError).code).toBe('VALIDATION_FAILED');
  });

  it('answers structured queries from the query handler', async () => {
    const operation = defineOperation<{ n: number }, { id: number }>('query N($id: Int!) { n(id: $id) }');
    const platform = createMockPlatform({ query: (_op, variables) => ({ n: (variables['id'] as number) * 2 }) });
    await expect(platform.api.query(operation, { id: 21 })).resolves.toEqual({ n: 42 });
  });

  it('validates emitted messages against the socket contract', () => {
    const platform = createMockPlatform();
    expect(() => platform.emit({ type: 'actorOnline', actorId: 'x' } as never)).toThrow();
  });

  it('navigates by updating the current route', async () => {
    const platform = createMockPlatform({ route: { name: 'cams' } });
    const seen: string[] = [];
    platform.router.route$.subscribe((route) => seen.push(route.name));
    platform.router.navigate('actorProfile', { actorName: 'anna' });
    expect(platform.navigations).toEqual([{ name: 'actorProfile', args: { actorName: 'anna' } }]);
    await waitFor(() => expect(seen).toEqual(['cams', 'actorProfile']));
  });

  it('records rendered slots and their unmount', () => {
    const platform = createMockPlatform();
    const element = document.createElement('div');
    const unmount = platform.slots.render('actorProfile.videos', element, { actorId: 1, actorName: 'anna' });
    expect(element).toHaveAttribute('data-mock-slot', 'actorProfile.videos');
    unmount();
    expect(platform.renderedSlots).toEqual([
      { slot: 'actorProfile.videos', props: { actorId: 1, actorName: 'anna' }, mounted: false },
    ]);
  });

  it("refuses slot props that fail the slot's schema, as the real slot host does", () => {
    const platform = createMockPlatform();
    const element = document.createElement('div');
    const wrong = { actorId: '1', actorName: 'anna' } as unknown as { actorId: number; actorName: string };
    expect(() => platform.slots.render('actorProfile.videos', element, wrong)).toThrow();
    expect(platform.renderedSlots).toEqual([]);
    expect(element).not.toHaveAttribute('data-mock-slot');
  });

  it('logs a guest in during a test', () => {
    const platform = createMockPlatform();
    platform.setGuest({ name: 'Mia', flags: { loggedIn: true } });
    expect(platform.session.current().guest.flags.loggedIn).toBe(true);
    expect(platform.session.current().guest.flags.anonymous).toBe(false);
    expect(platform.session.current().guest.name).toBe('Mia');
  });
});

describe('routeHref', () => {
  it('builds localized paths; nl uses English slugs', () => {
    expect(routeHref('home', {}, 'en')).toBe('/en/');
    expect(routeHref('freeChat', {}, 'de')).toBe('/de/gratis-chat/');
    expect(routeHref('freeChat', {}, 'nl')).toBe('/nl/free-chat/');
    expect(routeHref('category', { categorySlug: 'milf' }, 'es')).toBe('/es/categorias/milf/');
  });
});

describe('typed fixtures', () => {
  it('restFixture answers one endpoint and restCallsTo reads its calls back', async () => {
    const platform = createMockPlatform({
      rest: {
        ...restFixture(federationEndpoints.manifest, () => {
          throw new Error('down');
        }),
        ...restFixture(federationEndpoints.alive, () => ({ alive: true as const })),
      },
    });
    await platform.api.rest(federationEndpoints.alive);
    await expect(platform.api.rest(federationEndpoints.manifest, { query: { tenant: 'x' } })).rejects.toThrow('down');
    expect(restCallsTo(platform, federationEndpoints.manifest)).toEqual([{ query: { tenant: 'x' } }]);
    expect(restCallsTo(platform, federationEndpoints.alive)).toEqual([undefined]);
  });
});
