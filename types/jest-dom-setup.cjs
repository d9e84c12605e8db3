require('@testing-library/jest-dom');
// jsdom leaves out the encoding API that ky (through @velvet/sdk) reads when it loads.
const { TextDecoder, TextEncoder } = require('node:util');
if (typeof globalThis.TextEncoder === 'undefined') Object.assign(globalThis, { TextEncoder, TextDecoder });
