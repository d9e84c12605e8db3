import { visitorId } from './visitor';

describe('visitor id', () => {
  it('is made once and kept, so a canary share sticks to the browser across reloads', () => {
    const first = visitorId(window.localStorage);
    expect(first).toMatch(/^[0-9a-f-]{36}$/);
    expect(visitorId(window.localStorage)).toBe(first);
    expect(window.localStorage.getItem('velvet.visitor')).toBe(first);
  });

  it('lasts for the page where storage is refused', () => {
    const refusing = {
      getItem: () => {
        throw new Error('SecurityError');
      },
      setItem: () => undefined,
    };
    expect(visitorId(refusing, () => 'page-only')).toBe('page-only');
  });
});
