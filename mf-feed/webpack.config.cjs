const { remoteBuilds } = require('@velvet/federation/webpack');

module.exports = (_env, argv) => remoteBuilds({ dir: __dirname, mode: argv.mode });
