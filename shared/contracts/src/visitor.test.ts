import { guest } from './guest';
import { visitorSession } from './visitor';

describe('visitorSession', () => {
  it('is an anonymous guest of the wire shape with no id, token or name and a zero balance in the language', () => {
    const session = visitorSession('en');
    expect(guest.parse(session.guest)).toEqual(session.guest);
    expect(session.accessToken).toBe('');
    expect(session.guest).toMatchObject({ id: '', name: '', language: 'en' });
    expect(session.guest.flags).toMatchObject({ loggedIn: false, anonymous: true, vip: false, operator: false });
    expect(session.guest.balance).toEqual({ amount: 0, formatted: '0\u00a0VXC' });
  });

  it('formats the zero balance as the language does', () => {
    expect(visitorSession('de').guest.balance.formatted).toBe('0\u00a0VXC');
    expect(visitorSession('es').guest).toMatchObject({ language: 'es', balance: { formatted: '0\u00a0VXC' } });
  });

  it('answers one frozen object per language, as a server snapshot must be', () => {
    expect(visitorSession('nl')).toBe(visitorSession('nl'));
    expect(visitorSession('nl')).not.toBe(visitorSession('en'));
    expect(Object.isFrozen(visitorSession('nl').guest.flags)).toBe(true);
    expect(() => {
      (visitorSession('nl').guest.balance as { amount: number }).amount = 5;
    }).toThrow(TypeError);
  });
});
