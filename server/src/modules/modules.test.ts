import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { after, describe, it } from 'node:test';
import { RuleTester } from 'eslint';
import {
  findCycle,
  moduleDependencies,
  privateSchemas,
  readModuleGraph,
} from '../../../eslint-rules/module-dependencies.js';
import { CORE_MIGRATIONS } from '../db/migrate';
import { MODULES } from '.';

RuleTester.describe = describe;
RuleTester.it = it;
RuleTester.itOnly = it.only;

describe('the modules of the server', () => {
  const graph = readModuleGraph(import.meta.dirname);

  it('declare their dependencies without a cycle', () => {
    assert.equal(findCycle(graph), null);
    for (const [name, dependsOn] of graph) assert.ok(dependsOn, `${name} has a module.json`);
  });

  it('run (migrations, seeds, jobs) after the modules they depend on', () => {
    const order = MODULES.map((module) => module.name);
    for (const module of MODULES) {
      for (const dependency of graph.get(module.name) ?? []) {
        assert.ok(
          order.indexOf(dependency) < order.indexOf(module.name),
          `${module.name} runs after ${dependency}, which it depends on`,
        );
      }
    }
  });

  it('date each migration after the one before it, as a migration older than the last applied is never run', () => {
    const folders = [CORE_MIGRATIONS, ...MODULES.flatMap((module) => module.migrationsFolder ?? [])];
    for (const folder of folders) {
      const journal = JSON.parse(readFileSync(path.join(folder, 'meta', '_journal.json'), 'utf8')) as {
        entries: { tag: string; when: number }[];
      };
      journal.entries.reduce((previous, entry) => {
        assert.ok(entry.when > previous.when, `${entry.tag} is dated after ${previous.tag}`);
        return entry;
      });
    }
  });
});

describe('findCycle', () => {
  it('finds a planted cycle and answers null for a tree', () => {
    const tree = new Map([
      ['auth', []],
      ['wallet', ['auth']],
      ['chat', ['auth', 'wallet']],
    ]);
    assert.equal(findCycle(tree), null);
    assert.deepEqual(findCycle(new Map([...tree, ['auth', ['chat']]])), ['auth', 'chat', 'auth']);
    assert.deepEqual(findCycle(new Map([['self', ['self']]])), ['self', 'self']);
  });
});

describe('the module-dependencies lint rule', () => {
  // Made while the suite is collected: RuleTester declares its cases as tests of this suite.
  const root = mkdtempSync(path.join(tmpdir(), 'velvet-modules-'));
  const manifests: Record<string, string[] | null> = {
    auth: [],
    wallet: ['auth'],
    chat: ['auth', 'wallet'],
    ring1: ['ring2'],
    ring2: ['ring1'],
    bare: null,
    ghost: ['nowhere'],
  };
  for (const [name, dependsOn] of Object.entries(manifests)) {
    mkdirSync(path.join(root, name));
    if (dependsOn) writeFileSync(path.join(root, name, 'module.json'), JSON.stringify({ dependsOn }));
  }
  after(() => rm(root, { recursive: true, force: true }));

  const tester = new RuleTester({ languageOptions: { ecmaVersion: 2022, sourceType: 'module' } });
  const options = [{ modulesDir: root }];
  const at = (file: string) => path.join(root, file);
  tester.run('module-dependencies', moduleDependencies, {
    valid: [
      { code: "import { transfer } from '../wallet/service';", filename: at('chat/billing.ts'), options },
      { code: "import { guests } from '../../auth/schema';", filename: at('chat/live/routes.ts'), options },
      { code: "import { x } from './schema'; import { y } from '../module';", filename: at('auth/x.ts'), options },
      { code: "export { transfer } from '../wallet/service';", filename: at('chat/index.ts'), options },
    ],
    invalid: [
      {
        code: "import { chat } from '../chat/service';",
        filename: at('wallet/service.ts'),
        options,
        errors: [{ messageId: 'undeclared', data: { module: 'wallet', target: 'chat' } }],
      },
      {
        code: "export * from '../chat/service'; const lazy = () => import('../chat/billing');",
        filename: at('auth/service.ts'),
        options,
        errors: [{ messageId: 'undeclared' }, { messageId: 'undeclared' }],
      },
      {
        code: "import '../ring2/service';",
        filename: at('ring1/index.ts'),
        options,
        errors: [{ messageId: 'cycle', data: { cycle: 'ring1 -> ring2 -> ring1' } }],
      },
      { code: '', filename: at('bare/index.ts'), options, errors: [{ messageId: 'noManifest' }] },
      { code: '', filename: at('ghost/index.ts'), options, errors: [{ messageId: 'unknown' }] },
    ],
  });
});

describe('the private-schemas lint rule', () => {
  const modulesDir = path.join(tmpdir(), 'velvet-private-schemas', 'modules');
  const at = (file: string) => path.join(modulesDir, file);
  const options = [{ modulesDir, allow: { 'chat/billing.ts': ['wallet'] } }];
  const tester = new RuleTester({ languageOptions: { ecmaVersion: 2022, sourceType: 'module' } });
  tester.run('private-schemas', privateSchemas, {
    valid: [
      { code: "import { actors } from './schema';", filename: at('performers/service.ts'), options },
      { code: "import { actors } from '../schema';", filename: at('chat/live/index.ts'), options },
      { code: "import { performerCard } from '../performers/catalogue';", filename: at('media/service.ts'), options },
      { code: "import { actors } from '../performers/schema';", filename: at('media/media.test.ts'), options },
      { code: "import { videos } from '../modules/media/schema';", filename: at('../http/cache.test.ts'), options },
      { code: "import { walletAccounts } from '../wallet/schema';", filename: at('chat/billing.ts'), options },
      { code: "import { seedRuns } from '../../db/schema';", filename: at('chat/seed.ts'), options },
    ],
    invalid: [
      {
        code: "import { actors } from '../performers/schema';",
        filename: at('media/service.ts'),
        options,
        errors: [{ messageId: 'privateSchema', data: { target: 'performers' } }],
      },
      {
        code: "export { actors } from '../../performers/schema.ts'; const lazy = () => import('../../auth/schema');",
        filename: at('chat/live/index.ts'),
        options,
        errors: [
          { messageId: 'privateSchema', data: { target: 'performers' } },
          { messageId: 'privateSchema', data: { target: 'auth' } },
        ],
      },
      {
        code: "import { guests } from '../auth/schema';",
        filename: at('chat/billing.ts'),
        options,
        errors: [{ messageId: 'privateSchema', data: { target: 'auth' } }],
      },
      {
        code: "import { videos } from '../modules/media/schema';",
        filename: at('../http/cache.ts'),
        options,
        errors: [{ messageId: 'privateSchema', data: { target: 'media' } }],
      },
    ],
  });
});
