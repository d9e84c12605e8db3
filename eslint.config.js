import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import velvet from './eslint-rules/module-dependencies.js';

export default tseslint.config(
  {
    ignores: [
      '**/dist/**',
      '**/node_modules/**',
      '**/.data/**',
      'server/drizzle/**',
      '**/*.cjs',
      'playwright-report/**',
      'test-results/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
    },
  },
  { files: ['scripts/**/*.mjs', '**/*.config.{js,cjs,mjs}'], languageOptions: { globals: globals.node } },
  {
    files: ['server/src/modules/**/*.ts'],
    plugins: { velvet },
    rules: { 'velvet/module-dependencies': ['error', { modulesDir: 'server/src/modules' }] },
  },
  {
    // Time comes from the injected clock (ctx.now()), so tests can set it; only the clock's own file reads the wall clock.
    files: ['server/src/**/*.ts'],
    ignores: ['server/src/**/*.test.ts', 'server/src/clock.ts'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector: "NewExpression[callee.name='Date'][arguments.length=0]",
          message: 'Read the time from the server clock: ctx.now() (or a `now` passed down from it).',
        },
        {
          selector: "CallExpression[callee.object.name='Date'][callee.property.name='now']",
          message: 'Read the time from the server clock: ctx.now().getTime() (or a `now` passed down from it).',
        },
      ],
    },
  },
  {
    files: ['server/src/**/*.ts'],
    plugins: { velvet },
    rules: {
      'velvet/private-schemas': [
        'error',
        {
          modulesDir: 'server/src/modules',
          // Reads of guests and wallet accounts that auth and the wallet do not offer as functions yet.
          allow: {
            'account/service.ts': ['auth'],
            'chat/billing.ts': ['wallet'],
            'chat/session-fixtures.ts': ['auth'],
            'chat/sessions.ts': ['auth'],
            'chat/tickets.ts': ['wallet'],
            'guest/index.ts': ['auth'],
            // An account's export and deletion read and detach her rows of every module.
            'lifecycle/account.ts': ['auth', 'media', 'messenger', 'performers', 'wallet'],
            'media/service.ts': ['auth'],
            'wallet/payment.ts': ['auth'],
            'wallet/service.ts': ['auth'],
          },
        },
      ],
    },
  },
  {
    // A remote talks to the world only through the platform API: never another remote, never single-spa.
    files: ['mf-*/src/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': ['error', { patterns: ['@velvet/mf-*', '@velvet/shell', 'single-spa', 'single-spa/*'] }],
    },
  },
);
