import '@testing-library/jest-dom';
import { TextDecoder, TextEncoder } from 'node:util';
import { configure } from '@testing-library/react';

// jsdom lacks TextEncoder, which React Router reads when it loads.
Object.assign(globalThis, { TextEncoder, TextDecoder });

// A screen driven key by key takes a few seconds on a CPU shared with the stack's tests (`npm test` runs them side
// by side): 5 s, Jest's default, timed out there, though no test waits on a clock of its own.
jest.setTimeout(30_000);

// For the same reason a `findBy…` waits up to 5 s for what the screen shows after its reads (1 s by default): the
// Spanish screens' checks, run niced beside the stacks, missed the announcement and a section by that margin.
configure({ asyncUtilTimeout: 5_000 });
