// The shell built as one bundle with every remote compiled in (bench section 3, the cost of federation): the
// shell's own webpack config without the Module Federation plugin, its runtime import aliased to ordinary imports.
const path = require('node:path');
const { hostWebpackConfig } = require('@velvet/federation/webpack');

const SHELL_DIR = path.resolve(__dirname, '../../shell');

module.exports = (_env, argv) => {
  const config = hostWebpackConfig({ dir: SHELL_DIR, mode: argv.mode });
  return {
    ...config,
    output: { ...config.output, path: path.resolve(__dirname, '../dist/single-shell') },
    resolve: {
      ...config.resolve,
      alias: { '@module-federation/enhanced/runtime$': path.resolve(__dirname, 'runtime.ts') },
    },
    plugins: config.plugins.filter((plugin) => plugin.constructor.name !== 'ModuleFederationPlugin'),
  };
};
