import '@testing-library/jest-dom';
import { TextDecoder, TextEncoder } from 'node:util';

// jsdom lacks TextEncoder, which React Router reads when it loads.
Object.assign(globalThis, { TextEncoder, TextDecoder });
