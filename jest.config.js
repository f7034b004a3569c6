// Five Jest projects, which `npm test` runs in two Jests side by side (test/support/run-jest.ts); each can also run
// alone with `npx jest --selectProjects <name>`.
const swc = [
  '@swc/jest',
  {
    jsc: { parser: { syntax: 'typescript', tsx: true }, transform: { react: { runtime: 'automatic' } }, target: 'es2022' },
    module: { type: 'commonjs' },
  },
];

const common = {
  rootDir: '.',
  transform: { '^.+\\.(t|j)sx?$': swc, '^.+\\.mjs$': swc },
  // Middy, otplib's base32 and HMAC (@scure, @noble) and Lingui (@lingui, @messageformat; .mjs) ship only ES
  // modules: the transform turns them into CommonJS.
  transformIgnorePatterns: ['/node_modules/(?!(@middy|@scure|@noble|@lingui|@messageformat)/)'],
  moduleFileExtensions: ['ts', 'tsx', 'js', 'mjs', 'cjs', 'json'],
  // The web app's alias of the server's wire contract (tsconfig.json's paths).
  moduleNameMapper: { '^@contract/(.*)$': '<rootDir>/lambdas/contract/$1' },
  testEnvironment: 'node',
};

// Integration and end-to-end tests share real local stacks (DynamoDB Local, cognito-local, gateway), one per Jest worker.
const withLocalStack = {
  globalSetup: '<rootDir>/test/support/stack-setup.ts',
  globalTeardown: '<rootDir>/test/support/stack-teardown.ts',
  setupFiles: ['<rootDir>/test/support/stack-worker.ts'],
  setupFilesAfterEnv: ['<rootDir>/test/support/slow-tests.ts'],
};

export default {
  testSequencer: '<rootDir>/test/support/stack-sequencer.cjs',
  reporters: ['<rootDir>/test/support/default-reporter.cjs', '<rootDir>/test/support/summary-reporter.cjs'],
  projects: [
    { ...common, displayName: 'unit', testMatch: ['<rootDir>/test/unit/**/*.test.ts'], setupFiles: ['<rootDir>/test/support/unit-env.ts'] },
    { ...common, ...withLocalStack, displayName: 'integration', testMatch: ['<rootDir>/test/integration/**/*.test.ts'] },
    {
      ...common,
      displayName: 'web',
      testEnvironment: 'jsdom',
      testMatch: ['<rootDir>/test/web/**/*.test.tsx'],
      setupFilesAfterEnv: ['<rootDir>/test/support/web-setup.ts'],
    },
    { ...common, displayName: 'infra', testMatch: ['<rootDir>/test/infra/**/*.test.ts'], setupFilesAfterEnv: ['<rootDir>/test/support/slow-tests.ts'] },
    { ...common, ...withLocalStack, displayName: 'e2e', testMatch: ['<rootDir>/test/e2e/**/*.test.ts'] },
  ],
};
