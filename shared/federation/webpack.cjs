// Webpack config factories for the shell (host) and every remote: one place for loaders, shared
// dependencies and Module Federation options, so the eight apps build the same way.
const path = require('node:path');
const fs = require('node:fs');
const zlib = require('node:zlib');
const { ModuleFederationPlugin } = require('@module-federation/enhanced/webpack');

/**
 * Singletons shared by the shell and all remotes; the shell provides them eagerly (host wins). zod is not among
 * them: only @velvet/contracts imports it, and a shared module is never tree-shaken (shared, zod with all its
 * locales was a third of the shell).
 */
const SINGLETONS = [
  'react',
  'react-dom',
  'react-dom/client',
  'react/jsx-runtime',
  'rxjs',
  'i18next',
  'react-i18next',
  '@velvet/contracts',
  '@velvet/sdk',
  '@velvet/ui',
  '@velvet/i18n',
  '@velvet/federation',
  '@tanstack/react-query',
];

function shared({ eager }) {
  return Object.fromEntries(
    SINGLETONS.map((name) => [name, { singleton: true, eager, requiredVersion: false, strictVersion: false }]),
  );
}

/**
 * Production builds also write each script and style sheet brotli-compressed at the highest quality (`.br` beside
 * it), which the server sends to browsers that accept it: about a fifth smaller than the gzip made per request, and
 * too slow to make per request.
 */
function compressionPlugins(mode) {
  if (mode === 'development') return [];
  const CompressionPlugin = require('compression-webpack-plugin');
  return [
    new CompressionPlugin({
      filename: '[path][base].br',
      algorithm: 'brotliCompress',
      test: /\.(js|css)$/,
      compressionOptions: { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: zlib.constants.BROTLI_MAX_QUALITY } },
      threshold: 1024,
      minRatio: 0.9,
    }),
  ];
}

function baseConfig({ dir, mode }) {
  const production = mode !== 'development';
  return {
    mode: production ? 'production' : 'development',
    context: dir,
    devtool: production ? 'source-map' : 'eval-cheap-module-source-map',
    resolve: { extensions: ['.tsx', '.ts', '.js', '.json'] },
    module: {
      rules: [
        {
          test: /\.[jt]sx?$/,
          exclude: /node_modules/,
          use: {
            loader: require.resolve('swc-loader'),
            options: {
              jsc: {
                parser: { syntax: 'typescript', tsx: true },
                transform: { react: { runtime: 'automatic' } },
                target: 'es2020',
              },
            },
          },
        },
        {
          test: /\.css$/,
          use: [
            // Styles are added as <style> elements carrying the page's CSP nonce (style-nonce.cjs).
            { loader: require.resolve('style-loader'), options: { insert: require.resolve('./style-nonce.cjs') } },
            require.resolve('css-loader'),
          ],
        },
      ],
    },
    performance: { hints: false },
    stats: 'errors-warnings',
    infrastructureLogging: { level: 'warn' },
  };
}

/**
 * A remote: exposes ./app and ./widgets, writes mf-manifest.json, loads its chunks relative to wherever the
 * manifest was served from (publicPath auto), so one build can sit in any versioned folder.
 */
function remoteWebpackConfig({ dir, mode }) {
  const descriptor = JSON.parse(fs.readFileSync(path.join(dir, 'remote.json'), 'utf8'));
  return {
    ...baseConfig({ dir, mode }),
    entry: {},
    output: {
      path: path.join(dir, 'dist'),
      publicPath: 'auto',
      uniqueName: descriptor.federationName,
      filename: '[name].[contenthash:8].js',
      chunkFilename: '[name].[contenthash:8].js',
      clean: true,
    },
    plugins: [
      new ModuleFederationPlugin({
        name: descriptor.federationName,
        filename: 'remoteEntry.js',
        exposes: { './app': './src/app.tsx', './widgets': './src/widgets.tsx' },
        shared: shared({ eager: false }),
        manifest: { fileName: 'mf-manifest.json' },
        dts: false,
        shareStrategy: 'loaded-first',
        // The federation runtime comes from the shell (provideExternalRuntime there) instead of being bundled
        // into every remoteEntry.js: 93 KB raw per remote before. Such a build needs a shell built likewise.
        experiments: { externalRuntime: true },
      }),
      ...compressionPlugins(mode),
      {
        // The descriptor travels with the build so the registry can read it without running code.
        apply(compiler) {
          compiler.hooks.thisCompilation.tap('remote-descriptor', (compilation) => {
            compilation.hooks.processAssets.tap({ name: 'remote-descriptor', stage: 0 }, () => {
              const { RawSource } = compiler.webpack.sources;
              compilation.emitAsset('remote.json', new RawSource(JSON.stringify(descriptor, null, 2)));
            });
          });
        },
      },
    ],
  };
}

/** The shell: the host. It knows no remote at build time; remotes are registered at runtime from the manifest. */
function hostWebpackConfig({ dir, mode, extraPlugins = [] }) {
  const HtmlWebpackPlugin = require('html-webpack-plugin');
  return {
    ...baseConfig({ dir, mode }),
    entry: { shell: './src/index.ts' },
    output: {
      path: path.join(dir, 'dist'),
      publicPath: '/shell/',
      // The entry keeps a fixed name (the HTML adds a content hash query): with webpack 5.111 the federation
      // runtime module cannot resolve [contenthash] in its own chunk's filename (module-federation/core#5077).
      filename: '[name].js',
      chunkFilename: '[name].[contenthash:8].js',
      clean: true,
    },
    plugins: [
      new ModuleFederationPlugin({
        name: 'shell',
        remotes: {},
        shared: shared({ eager: true }),
        dts: false,
        shareStrategy: 'loaded-first',
        // One federation runtime for the page, offered to the remotes (built with externalRuntime).
        experiments: { provideExternalRuntime: true },
      }),
      new HtmlWebpackPlugin({ template: './src/index.html', filename: 'index.html', inject: 'body', hash: true }),
      ...compressionPlugins(mode),
      ...extraPlugins,
    ],
  };
}

module.exports = { remoteWebpackConfig, hostWebpackConfig, SINGLETONS };
