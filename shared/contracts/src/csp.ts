import { config } from 'zod/mini';

// In the browser the site runs under a Content-Security-Policy without 'unsafe-eval': zod must not compile its
// parsers with `new Function` (even its probe for that is reported as a violation). The server keeps them. The
// setting is zod's own (one for its full and its tree-shakable functions); this is the package's only module that
// acts when loaded (package.json `sideEffects`), imported by the modules whose schemas the browser parses.
if (typeof window !== 'undefined') config({ jitless: true });
