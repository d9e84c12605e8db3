import * as contracts from './index';
import type { Endpoint } from './endpoint';

const SCHEMA_PARTS = ['params', 'query', 'body', 'response'] as const;
/** A member still waiting to be built is an accessor; once built it is a plain value. */
const isBuilt = (owner: object, key: string) => 'value' in Object.getOwnPropertyDescriptor(owner, key)!;

const endpoints = Object.entries(contracts)
  .filter(([name]) => name.endsWith('Endpoints'))
  .flatMap(([group, members]) =>
    Object.entries(members as Record<string, Endpoint>).map(
      ([name, endpoint]) => [`${group}.${name}`, endpoint] as const,
    ),
  );

// The tests run in order on one import of the package: the first ones see the state the import left.
describe('contracts build schemas on first use', () => {
  test('importing the package builds no endpoint schema, no socket message schema and no slot props schema', () => {
    expect(endpoints.length).toBeGreaterThan(50);
    const built = endpoints.filter(([, endpoint]) => SCHEMA_PARTS.some((part) => isBuilt(endpoint, part)));
    expect(built.map(([name]) => name)).toEqual([]);
    for (const shapes of [contracts.incomingMessages, contracts.outgoingMessages, contracts.SLOT_PROPS]) {
      expect(Object.keys(shapes).filter((name) => isBuilt(shapes, name))).toEqual([]);
    }
  });

  test('metadata is there without building anything', () => {
    const { sandboxCharge } = contracts.walletEndpoints;
    expect([sandboxCharge.method, sandboxCharge.path, sandboxCharge.needsGuest]).toEqual([
      'POST',
      '/payment/sandbox/charge',
      true,
    ]);
    expect(SCHEMA_PARTS.some((part) => isBuilt(sandboxCharge, part))).toBe(false);
  });

  test("reading one part builds that endpoint's parts once, and no other endpoint's", () => {
    const { sandboxCharge } = contracts.walletEndpoints;
    const response = sandboxCharge.response;
    expect(SCHEMA_PARTS.every((part) => isBuilt(sandboxCharge, part))).toBe(true);
    expect(sandboxCharge.response).toBe(response);
    expect(sandboxCharge.params).toBeUndefined();
    expect(sandboxCharge.body!.safeParse({ amountEur: 5, cardNumber: '4242424242424242' }).success).toBe(true);
    expect(endpoints.filter(([, endpoint]) => isBuilt(endpoint, 'response')).map(([name]) => name)).toEqual([
      'walletEndpoints.sandboxCharge',
    ]);
  });

  test('a socket message schema is built when read, and parsing a frame builds them all', () => {
    const { incomingMessages } = contracts;
    const pong = incomingMessages.pong;
    expect(isBuilt(incomingMessages, 'pong')).toBe(true);
    expect(isBuilt(incomingMessages, 'sessionExpired')).toBe(false);
    expect(incomingMessages.pong).toBe(pong);
    expect(contracts.parseIncoming(JSON.stringify({ type: 'pong', ttl: 5 }))).toEqual({ type: 'pong', ttl: 5 });
    expect(Object.keys(incomingMessages).every((type) => isBuilt(incomingMessages, type))).toBe(true);
    expect(contracts.parseIncoming(JSON.stringify({ type: 'pong', ttl: 'x' }))).toBeNull();
  });

  test('a slot props schema is built when its slot is first checked, and slots of one shape share it', () => {
    const { SLOT_PROPS } = contracts;
    expect(SLOT_PROPS['actorProfile.pictures'].safeParse({ actorId: 7, actorName: 'mia' }).success).toBe(true);
    expect(SLOT_PROPS['actorProfile.feed'].safeParse({ actorId: 7, actorName: 'mia', extra: 1 }).success).toBe(false);
    expect(SLOT_PROPS['actorProfile.feed']).toBe(SLOT_PROPS['actorProfile.pictures']);
    expect(isBuilt(SLOT_PROPS, 'page.overlay')).toBe(false);
  });
});
