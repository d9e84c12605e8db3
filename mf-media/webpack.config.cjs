const { remoteWebpackConfig } = require('@velvet/federation/webpack');

module.exports = (_env, argv) => remoteWebpackConfig({ dir: __dirname, mode: argv.mode });
