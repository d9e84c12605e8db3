import { waitFor } from '@testing-library/react';
import { createRouter, scrollToWhenRendered } from './router';

describe('router', () => {
  beforeEach(() => {
    window.history.replaceState(null, '', '/');
    sessionStorage.clear();
  });

  it('reads the current route from the URL and stores it in sessionStorage', () => {
    window.history.replaceState(null, '', '/de/amateur/Anna/fotos/?scrollTo=gallery');
    const router = createRouter({ window, storage: sessionStorage });
    expect(router.current()).toEqual({
      name: 'actorPictures',
      args: { actorName: 'anna' },
      language: 'de',
      scrollTo: 'gallery',
    });
    expect(JSON.parse(sessionStorage.getItem('velvet.route')!)).toEqual({
      name: 'actorPictures',
      args: { actorName: 'anna' },
      language: 'de',
    });
    router.dispose();
  });

  it('navigates with the History API in the current language and publishes the route', () => {
    window.history.replaceState(null, '', '/es/');
    const router = createRouter({ window, storage: sessionStorage });
    const seen: string[] = [];
    router.route$.subscribe((route) => seen.push(route.name));
    router.navigate('newGirls');
    expect(window.location.pathname).toBe('/es/chicas-nuevas/');
    router.navigate('actorProfile', { actorName: 'Bella' }, { scrollTo: 'about' });
    expect(`${window.location.pathname}${window.location.search}`).toBe('/es/amateur/bella/?scrollTo=about');
    expect(router.current().scrollTo).toBe('about');
    expect(seen).toEqual(['home', 'newGirls', 'actorProfile']);
    expect(JSON.parse(sessionStorage.getItem('velvet.route')!).name).toBe('actorProfile');
    router.dispose();
  });

  it('answers hrefs in the current or a given language', () => {
    window.history.replaceState(null, '', '/de/');
    const router = createRouter({ window, storage: sessionStorage });
    expect(router.href('categories')).toBe('/de/kategorien/');
    expect(router.href('categories', {}, 'nl')).toBe('/nl/categories/');
    router.dispose();
  });

  it('follows back and forward (popstate)', () => {
    window.history.replaceState(null, '', '/en/cams/');
    const router = createRouter({ window, storage: sessionStorage });
    window.history.pushState(null, '', '/en/feed/');
    window.dispatchEvent(new PopStateEvent('popstate'));
    expect(router.current().name).toBe('feed');
    router.dispose();
  });

  it('reads the bare root in the default language, not the stored one, and marks unknown paths as not found, in their language', () => {
    window.history.replaceState(null, '', '/');
    sessionStorage.setItem('velvet.route', JSON.stringify({ name: 'cams', args: {}, language: 'nl' }));
    const router = createRouter({ window, storage: sessionStorage });
    expect(router.current()).toEqual({ name: 'home', args: {}, language: 'en' });
    // The tenant's default as the server served `/` (its <html lang>), or as the server's render is told it.
    document.documentElement.lang = 'es';
    const served = createRouter({ window, storage: sessionStorage });
    expect(served.current().language).toBe('es');
    served.dispose();
    document.documentElement.lang = '';
    const server = {
      location: window.location,
      history: window.history,
      addEventListener() {},
      removeEventListener() {},
    };
    expect(createRouter({ window: server, storage: sessionStorage, defaultLanguage: 'de' }).current().language).toBe(
      'de',
    );
    expect(router.follow('/nl/does-not-exist/')).toBe(false);
    expect(router.follow('https://elsewhere.example/en/cams/')).toBe(false);
    window.history.pushState(null, '', '/nl/nowhere/');
    router.sync();
    expect(router.state$.value.notFound).toBe(true);
    window.history.pushState(null, '', '/es/nowhere/');
    router.sync();
    expect(router.state$.value).toEqual({ route: { name: 'home', args: {}, language: 'es' }, notFound: true });
    router.dispose();
  });

  it('follows in-site links without reloading', () => {
    window.history.replaceState(null, '', '/en/');
    const router = createRouter({ window, storage: sessionStorage });
    expect(router.follow(`${window.location.origin}/en/tv/program/`)).toBe(true);
    expect(router.current().name).toBe('tvProgram');
    router.dispose();
  });
});

describe('scrollToWhenRendered', () => {
  it('scrolls to the element once a remote renders it', async () => {
    const scrolled = jest.fn();
    Element.prototype.scrollIntoView = scrolled;
    scrollToWhenRendered('target');
    expect(scrolled).not.toHaveBeenCalled();
    const element = document.createElement('div');
    element.id = 'target';
    document.body.appendChild(element);
    await waitFor(() => expect(scrolled).toHaveBeenCalledTimes(1));
    element.remove();
  });
});
