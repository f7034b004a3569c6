// jsdom lacks TextEncoder, which React Router reads when it loads: import this first.
import { TextDecoder, TextEncoder } from 'node:util';

Object.assign(globalThis, { TextEncoder, TextDecoder });
