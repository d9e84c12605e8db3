// Webpack config factories for the shell (host) and every remote: one place for loaders, shared
// dependencies and Module Federation options, so the eight apps build the same way.
const path = require('node:path');
const fs = require('node:fs');
const zlib = require('node:zlib');
const { ModuleFederationPlugin } = require('@module-federation/enhanced/webpack');

/**
 * How each shared package is shared. Every one declares a real range: `^` the version the app was built with
 * (workspace:* and catalog: resolve to the installed package, whose own package.json gives the version).
 * - HOST_WINS: one copy for the page, the shell's (provided eagerly). Libraries holding page-wide state (React,
 *   the i18next instance, the query cache) and @velvet/i18n, whose route table is the page's. A remote asking for
 *   another range gets a console warning and still runs on the shell's copy.
 * - OWN_COPY: the shell's copy when its version satisfies the remote's range, otherwise the remote's own. Safe for
 *   packages a remote uses only inside its own tree: ui (components; its CSS is global, so class rules only ever
 *   get added), sdk (clients are made by the shell and reach remotes through the platform object; `instanceof
 *   ApiError` holds across copies) and federation (each remote wraps its own mounts in its own copy's providers).
 * Not shared, so each app bundles only the part it uses (a shared module is never tree-shaken):
 * - @velvet/contracts, the wire shapes: constants, pure functions and shapes, no state that must be one (its caches
 *   only keep what any copy would make again). Shared, the shell carried all of its browser entry. That the shapes
 *   match is checked before any of a remote's code loads, by the registry at upload and by the shell, both reading
 *   the range the build writes into its remote.json as `contracts` (builtDescriptor).
 * - zod, which only @velvet/contracts imports (shared, zod with all its locales was a third of the shell).
 * - rxjs, which holds no page-wide state: an observable of the shell's copy takes the operators of a remote's copy
 *   (they lift from their source), so the socket's streams work in every remote, and the shell's first load
 *   carries 5 KB of it, not 12.
 */
const HOST_WINS = { singleton: true, strictVersion: false };
const OWN_COPY = { singleton: false, strictVersion: false };
const SHARED = {
  react: HOST_WINS,
  'react-dom': HOST_WINS,
  'react-dom/client': HOST_WINS,
  'react/jsx-runtime': HOST_WINS,
  i18next: HOST_WINS,
  'react-i18next': HOST_WINS,
  '@tanstack/react-query': HOST_WINS,
  '@velvet/i18n': HOST_WINS,
  '@velvet/sdk': OWN_COPY,
  '@velvet/ui': OWN_COPY,
  '@velvet/federation': OWN_COPY,
};

/** The package a shared module name belongs to: `react-dom/client` is `react-dom`, `@velvet/ui` itself. */
const packageOf = (name) =>
  name
    .split('/')
    .slice(0, name.startsWith('@') ? 2 : 1)
    .join('/');

/** The version of a package as the app at `dir` resolves it (node_modules of the app or a folder above). */
function installedVersion(dir, pkg) {
  for (let folder = dir; ; folder = path.dirname(folder)) {
    const file = path.join(folder, 'node_modules', pkg, 'package.json');
    if (fs.existsSync(file)) return JSON.parse(fs.readFileSync(file, 'utf8')).version;
    if (path.dirname(folder) === folder) throw new Error(`${pkg} is not installed for ${dir}`);
  }
}

/** The Module Federation `shared` option of the app at `dir`: each package's version and the range it needs. */
function shared({ dir, eager }) {
  return Object.fromEntries(
    Object.entries(SHARED).map(([name, mode]) => {
      const version = installedVersion(dir, packageOf(name));
      return [name, { ...mode, eager, version, requiredVersion: `^${version}` }];
    }),
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

/**
 * What a browser build changes in the common config: @velvet/contracts resolves to its browser entry (export
 * condition `velvet-browser`: every export but the zod schemas, endpoints as metadata), whose modules' unused
 * declarations are dropped; and a name imported from a module that does not export it fails the build instead of
 * being undefined at run time (the browser entry must offer everything browser code imports).
 */
function browserConfig(base) {
  return {
    ...base,
    resolve: { ...base.resolve, conditionNames: ['velvet-browser', ...base.resolve.conditionNames] },
    module: {
      ...base.module,
      parser: { javascript: { exportsPresence: 'error' } },
      rules: [
        ...base.module.rules,
        {
          test: /\.ts$/,
          include: path.dirname(require.resolve('@velvet/contracts/schemas')),
          use: require.resolve('./pure-declarations-loader.cjs'),
        },
      ],
    },
  };
}

/** A browser build's federation code leaves out what only runs in Node (its node build has its own). */
const BROWSER_ONLY = { target: 'web' };

/** The browser build cleans dist/ but leaves the node build beside it (both builds run at once). */
const KEEP_SERVER_BUILD = { keep: /^server[\\/]/ };
/** What a remote exposes, to the browser and to the server alike. */
const EXPOSES = { './app': './src/app.tsx', './widgets': './src/widgets.tsx' };

/**
 * How an app's CSS reaches the page: extracted into hashed .css files, which the shell's HTML links in its head
 * (so a server-rendered page is styled on its first paint, before any script runs) and a remote's webpack runtime
 * links when it loads the chunk that needs them. Style sheets are the site's own files, which the
 * Content-Security-Policy allows, so no answer needs a nonce for styles added at run time and a page is the same
 * bytes for every visitor. A server-rendered part's CSS is also inlined in the page's head (allowed by its hash).
 */
function cssRule() {
  return { test: /\.css$/, use: [require('mini-css-extract-plugin').loader, require.resolve('css-loader')] };
}

/** The extracted style sheets' names: hashed like the scripts, so they are cached as immutable too. */
function cssPlugin() {
  const MiniCssExtractPlugin = require('mini-css-extract-plugin');
  return new MiniCssExtractPlugin({
    filename: '[name].[contenthash:8].css',
    chunkFilename: '[name].[contenthash:8].css',
  });
}

function baseConfig({ dir, mode }) {
  const production = mode !== 'development';
  return {
    mode: production ? 'production' : 'development',
    context: dir,
    devtool: production ? 'source-map' : 'eval-cheap-module-source-map',
    resolve: {
      extensions: ['.tsx', '.ts', '.js', '.json'],
      // The ES2015 builds of packages that offer one (rxjs): every browser the site supports runs them, and they
      // are smaller than the ES5 default without its downlevelled helpers.
      conditionNames: ['es2015', '...'],
    },
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
        cssRule(),
      ],
    },
    performance: { hints: false },
    stats: 'errors-warnings',
    infrastructureLogging: { level: 'warn' },
  };
}

/**
 * The remote.json a build ships: the remote's own, plus the @velvet/contracts range the build needs (`^` the version
 * it was built with), which the registry and the shell check before any of its code loads.
 */
function builtDescriptor(dir) {
  return {
    ...JSON.parse(fs.readFileSync(path.join(dir, 'remote.json'), 'utf8')),
    contracts: `^${installedVersion(dir, '@velvet/contracts')}`,
  };
}

/**
 * A remote: exposes ./app and ./widgets, writes mf-manifest.json, loads its chunks relative to wherever the
 * manifest was served from (publicPath auto), so one build can sit in any versioned folder.
 */
function remoteWebpackConfig({ dir, mode }) {
  const sharedConfig = shared({ dir, eager: false });
  const descriptor = builtDescriptor(dir);
  return {
    ...browserConfig(baseConfig({ dir, mode })),
    name: 'browser',
    entry: {},
    output: {
      path: path.join(dir, 'dist'),
      publicPath: 'auto',
      uniqueName: descriptor.federationName,
      filename: '[name].[contenthash:8].js',
      chunkFilename: '[name].[contenthash:8].js',
      clean: KEEP_SERVER_BUILD,
    },
    plugins: [
      new ModuleFederationPlugin({
        name: descriptor.federationName,
        filename: 'remoteEntry.js',
        exposes: EXPOSES,
        shared: sharedConfig,
        manifest: { fileName: 'mf-manifest.json' },
        dts: false,
        shareStrategy: 'loaded-first',
        // The federation runtime comes from the shell (provideExternalRuntime there) instead of being bundled
        // into every remoteEntry.js: 93 KB raw per remote before. Such a build needs a shell built likewise.
        experiments: { externalRuntime: true, optimization: BROWSER_ONLY },
      }),
      cssPlugin(),
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

const BOOT_ASSET = /^boot\.[0-9a-f]{8}\.js$/;

/**
 * The shell's boot script (src/boot.js) as an asset of its own, named by its content so browsers keep it for good.
 * It is no entry: an entry would carry the federation runtime.
 */
function bootPlugin(dir) {
  const file = path.join(dir, 'src', 'boot.js');
  return {
    apply(compiler) {
      const { Compilation, sources } = compiler.webpack;
      compiler.hooks.thisCompilation.tap('ShellBoot', (compilation) => {
        compilation.hooks.processAssets.tap(
          { name: 'ShellBoot', stage: Compilation.PROCESS_ASSETS_STAGE_ADDITIONAL },
          () => {
            const source = fs.readFileSync(file);
            const hash = require('node:crypto').createHash('sha256').update(source).digest('hex').slice(0, 8);
            compilation.fileDependencies.add(file);
            compilation.emitAsset(`boot.${hash}.js`, new sources.RawSource(source));
          },
        );
      });
    },
  };
}

/**
 * The plugin that offers the shell's federation runtime to the remotes is added by its CommonJS file, whose
 * `require`s pull in the CommonJS builds of the runtime and its sdk beside the ES module builds the rest of the
 * shell uses: the runtime twice (about 10 KB brotli). Its ES module build, which imports the same modules as the
 * rest, takes its place.
 */
function externalRuntimePluginAlias() {
  const commonjs = require.resolve('@module-federation/inject-external-runtime-core-plugin', {
    paths: [path.dirname(require.resolve('@module-federation/enhanced/webpack'))],
  });
  const esm = path.join(path.dirname(commonjs), 'index.js');
  if (!fs.existsSync(esm)) throw new Error(`no ES module build of the external runtime plugin beside ${commonjs}`);
  return { [`${commonjs}$`]: esm };
}

/**
 * The shell's first load in parts the browser compiles and runs one task each, so no one task blocks the page for
 * long: React's renderer, i18next and the other libraries each in a file of their own
 * beside the shell's own code. The boot script adds them all at once; the entry's runtime starts once the last has
 * arrived, in whatever order they come. Chunks loaded on use keep webpack's own grouping.
 */
function bootChunks() {
  /** The package a module file belongs to (the last node_modules folder in its path), or null for the app's own. */
  const packageOfFile = (file) => {
    const match = /[\\/]node_modules[\\/]((?:@[^\\/]+[\\/])?[^\\/]+)[\\/](?!.*[\\/]node_modules[\\/])/.exec(file ?? '');
    return match ? match[1].replace('\\', '/') : null;
  };
  const group = (name, priority, inGroup) => ({
    name,
    test: (module) => {
      const pkg = packageOfFile(module.resource);
      return pkg !== null && inGroup(pkg);
    },
    chunks: 'initial',
    priority,
    enforce: true,
  });
  return {
    reactDom: group('react-dom', 30, (pkg) => pkg === 'react-dom' || pkg === 'scheduler'),
    i18n: group('i18n', 20, (pkg) => pkg === 'i18next' || pkg === 'react-i18next'),
    vendors: group('vendors', 10, () => true),
  };
}

/** The shell: the host. It knows no remote at build time; remotes are registered at runtime from the manifest. */
function hostWebpackConfig({ dir, mode, extraPlugins = [] }) {
  const HtmlWebpackPlugin = require('html-webpack-plugin');
  const base = browserConfig(baseConfig({ dir, mode }));
  return {
    ...base,
    resolve: { ...base.resolve, alias: externalRuntimePluginAlias() },
    name: 'browser',
    entry: { shell: './src/index.ts' },
    output: {
      path: path.join(dir, 'dist'),
      publicPath: '/shell/',
      clean: KEEP_SERVER_BUILD,
      // The entry keeps a fixed name (the HTML adds a content hash query): with webpack 5.111 the federation
      // runtime module cannot resolve [contenthash] in its own chunk's filename (module-federation/core#5077). The
      // entry's other files (bootChunks) are named by their content.
      filename: ({ chunk }) => (chunk.name === 'shell' ? '[name].js' : '[name].[contenthash:8].js'),
      chunkFilename: '[name].[contenthash:8].js',
    },
    optimization: { splitChunks: { cacheGroups: bootChunks() } },
    plugins: [
      new ModuleFederationPlugin({
        name: 'shell',
        remotes: {},
        shared: shared({ dir, eager: true }),
        dts: false,
        shareStrategy: 'loaded-first',
        // One federation runtime for the page, offered to the remotes (built with externalRuntime).
        experiments: { provideExternalRuntime: true, optimization: BROWSER_ONLY },
      }),
      cssPlugin(),
      bootPlugin(dir),
      new HtmlWebpackPlugin({
        template: './src/index.html',
        filename: 'index.html',
        // The template writes the tags itself: the page loads the boot script, which loads the shell.
        inject: false,
        hash: true,
        templateParameters: (compilation, assets, assetTags, options) => ({
          htmlWebpackPlugin: { tags: assetTags, files: assets, options },
          bootScript: `${assets.publicPath}${Object.keys(compilation.assets).find((name) => BOOT_ASSET.test(name))}`,
        }),
      }),
      ...compressionPlugins(mode),
      ...extraPlugins,
    ],
  };
}

/**
 * A node build (for the server's render): the browser build's loaders, but CSS is kept as text per `scope`
 * (server-style-loader.cjs) instead of being added to a document. Not minimized: nobody downloads it.
 */
function nodeBaseConfig({ dir, mode, scope }) {
  const base = baseConfig({ dir, mode });
  const [scripts] = base.module.rules;
  return {
    ...base,
    target: 'async-node',
    devtool: false,
    module: {
      // createRequire stays Node's own: the server renderer runs node builds from the store with it.
      parser: { javascript: { createRequire: false } },
      rules: [
        scripts,
        {
          test: /\.css$/,
          use: [
            { loader: require.resolve('./server-style-loader.cjs'), options: { scope } },
            { loader: require.resolve('css-loader'), options: { exportType: 'string' } },
          ],
        },
      ],
    },
    optimization: { minimize: false },
  };
}

/** The federation runtime's Node loader: entries and chunks are read and run in the server process. */
const NODE_RUNTIME_PLUGIN = require.resolve('@module-federation/node/runtimePlugin');

/**
 * A remote's node build, into dist/server/ beside its browser build, so both travel together into one version
 * folder: the same exposes and shared packages, loaded by the shell's server renderer from the store.
 */
function remoteServerWebpackConfig({ dir, mode }) {
  const sharedConfig = shared({ dir, eager: false });
  const descriptor = builtDescriptor(dir);
  return {
    ...nodeBaseConfig({ dir, mode, scope: descriptor.federationName }),
    name: 'node',
    entry: {},
    output: {
      path: path.join(dir, 'dist', 'server'),
      publicPath: '',
      uniqueName: `${descriptor.federationName}_node`,
      filename: '[name].js',
      chunkFilename: '[name].[contenthash:8].js',
      clean: true,
    },
    plugins: [
      new ModuleFederationPlugin({
        name: descriptor.federationName,
        filename: 'remoteEntry.js',
        library: { type: 'commonjs-module', name: descriptor.federationName },
        exposes: EXPOSES,
        shared: sharedConfig,
        remoteType: 'script',
        runtimePlugins: [NODE_RUNTIME_PLUGIN],
        manifest: false,
        dts: false,
        shareStrategy: 'loaded-first',
      }),
    ],
  };
}

/** Both builds of a remote: the browser's and the server's. */
function remoteBuilds({ dir, mode }) {
  return [remoteWebpackConfig({ dir, mode }), remoteServerWebpackConfig({ dir, mode })];
}

/**
 * The shell's page renderer for the server (dist/server/render.cjs, CommonJS): the host of the remotes' node builds,
 * providing the shared packages eagerly as the browser shell does. Its CSS is the browser build's style sheet.
 */
function hostServerWebpackConfig({ dir, mode }) {
  return {
    ...nodeBaseConfig({ dir, mode, scope: 'shell' }),
    name: 'node',
    entry: { render: './src/server.tsx' },
    output: {
      path: path.join(dir, 'dist', 'server'),
      // .cjs: the shell's package is an ES module package, and the server requires this file.
      filename: '[name].cjs',
      chunkFilename: '[name].[contenthash:8].cjs',
      library: { type: 'commonjs2' },
      clean: true,
    },
    plugins: [
      new ModuleFederationPlugin({
        name: 'shell_server',
        remotes: {},
        manifest: false,
        shared: shared({ dir, eager: true }),
        remoteType: 'script',
        runtimePlugins: [NODE_RUNTIME_PLUGIN],
        dts: false,
        shareStrategy: 'loaded-first',
      }),
    ],
  };
}

module.exports = {
  remoteWebpackConfig,
  remoteBuilds,
  hostWebpackConfig,
  hostServerWebpackConfig,
  shared,
  builtDescriptor,
};
