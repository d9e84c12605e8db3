import { z } from 'zod';

// In the browser the site runs under a Content-Security-Policy without 'unsafe-eval': zod must not compile its
// parsers with `new Function` (even its probe for that is reported as a violation). The server keeps them.
if (typeof window !== 'undefined') z.config({ jitless: true });
