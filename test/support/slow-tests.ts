// Tests that start browsers, synthesize the stack or talk to the emulators get more time than unit tests.
// (Jest reads `testTimeout` only at the top level, not per project.)
jest.setTimeout(180_000);
