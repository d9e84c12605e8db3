const { hostServerWebpackConfig, hostWebpackConfig } = require('@velvet/federation/webpack');

module.exports = (_env, argv) => [
  hostWebpackConfig({ dir: __dirname, mode: argv.mode }),
  hostServerWebpackConfig({ dir: __dirname, mode: argv.mode }),
];
