import path from 'node:path';
import type { FastifyStaticOptions } from '@fastify/static';

export const IMMUTABLE = 'public, max-age=31536000, immutable';

const NODE_BUILD = /(^|\/)server\//;

/**
 * Static options for built bundles (the shell's and the remotes'): a script or style sheet goes out as the
 * brotli-compressed twin the build wrote beside it (`.br`) to browsers that accept brotli, else as it is (and
 * gzipped per request). `cacheControl` decides by the file's own name, whichever of the two is sent.
 */
export function bundleStatic(
  root: string,
  prefix: string,
  cacheControl: (name: string) => string,
): FastifyStaticOptions {
  return {
    root,
    prefix,
    decorateReply: false,
    index: false,
    cacheControl: false,
    preCompressed: true,
    // A build's `server/` folder is its node build: the server's own code, never sent to anybody.
    allowedPath: (pathName) => !NODE_BUILD.test(pathName),
    setHeaders: (response, file) => {
      response.setHeader('cache-control', cacheControl(path.basename(file).replace(/\.br$/, '')));
      response.setHeader('vary', 'accept-encoding');
    },
  };
}
