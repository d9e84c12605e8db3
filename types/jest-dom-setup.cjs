require('@testing-library/jest-dom');
// jsdom leaves out the encoding API that ky (through @velvet/sdk) reads when it loads.
const { TextDecoder, TextEncoder } = require('node:util');
if (typeof globalThis.TextEncoder === 'undefined') Object.assign(globalThis, { TextEncoder, TextDecoder });
// Queries wait for what they look for; on a busy machine a first render can take longer than the default 1 s.
require('@testing-library/react').configure({ asyncUtilTimeout: 10000 });
