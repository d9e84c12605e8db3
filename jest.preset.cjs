// Shared Jest setup: every package compiles TypeScript with SWC and runs React tests in jsdom.
const path = require('node:path');

/** @param {string} dir the package folder; @param {{dom?: boolean}} options */
module.exports = function jestConfig(dir, { dom = true } = {}) {
  return {
    rootDir: dir,
    testEnvironment: dom ? 'jsdom' : 'node',
    // A test's ceiling, not its pace: tests wait for what they look for, and a busy machine renders slowly.
    testTimeout: 30000,
    testMatch: ['<rootDir>/src/**/*.test.ts?(x)'],
    transform: {
      '^.+\\.(t|j)sx?$': [
        '@swc/jest',
        {
          jsc: {
            parser: { syntax: 'typescript', tsx: true },
            transform: { react: { runtime: 'automatic' } },
            target: 'es2022',
          },
          module: { type: 'commonjs' },
        },
      ],
    },
    // ESM-only packages are compiled like our own sources.
    transformIgnorePatterns: ['/node_modules/(?!(\\.pnpm/[^/]+/node_modules/)?(ky|graphql-request|path-to-regexp)/)'],
    moduleNameMapper: { '\\.css$': path.join(__dirname, 'types/style-stub.cjs') },
    setupFilesAfterEnv: dom ? [path.join(__dirname, 'types/jest-dom-setup.cjs')] : [],
  };
};
