import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { TestApp } from '../../testing/app';
import { onEachDatabase } from '../../testing/databases';

function loggerRules(database: string, open: () => Promise<TestApp>, skip: string | false) {
  test(
    `logger accepts socket connection errors, messenger errors and tracking events, refuses bad input with 400 on ${database}`,
    { skip },
    async () => {
      const { app, close, anonymousToken } = await open();
      try {
        const token = await anonymousToken();
        const headers = { authorization: `Bearer ${token}` };
        const logged = await app.inject({
          method: 'POST',
          url: '/rest/v1/logger/websocketConnectionError',
          headers,
          payload: { errorCode: 4000, type: 'pongMissing', reason: 'pong missing' },
        });
        assert.equal(logged.statusCode, 200);
        assert.deepEqual(logged.json(), { logged: true });
        const tracked = await app.inject({
          method: 'POST',
          url: '/rest/v1/tracker/track',
          headers,
          payload: { context: 'navbar', action: 'languageSwitch', data: { to: 'de' } },
        });
        assert.equal(tracked.statusCode, 200);
        const bad = await app.inject({
          method: 'POST',
          url: '/rest/v1/logger/websocketConnectionError',
          headers,
          payload: { errorCode: 'x', type: 'nonsense' },
        });
        assert.equal(bad.statusCode, 400);
        assert.equal(bad.json().code, 'VALIDATION_FAILED');
        const messenger = await app.inject({
          method: 'POST',
          url: '/rest/v1/logger/vxmessengerError',
          headers,
          payload: { message: 'conversation 12 did not load' },
        });
        assert.equal(messenger.statusCode, 200);
        assert.deepEqual(messenger.json(), { logged: true });
        const empty = await app.inject({
          method: 'POST',
          url: '/rest/v1/logger/vxmessengerError',
          headers,
          payload: { message: '' },
        });
        assert.equal(empty.statusCode, 400);
        assert.equal(empty.json().code, 'VALIDATION_FAILED');
      } finally {
        await close();
      }
    },
  );
}

await onEachDatabase(loggerRules);
