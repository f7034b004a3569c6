// Jest's order of test files (slowest and failed first), with the registration-rush files last. They check that
// 200 enroll calls at once are all answered in time, and how fast depends on the CPU: a rush sharing the machine's
// 2 CPUs with other files answered calls "very busy" and left requests in line past the test's 90 s (CI,
// 2026-11-27: 96 of 201 still in line). `npm test` runs them in a Jest of their own after the other stack files
// (test/support/run-jest.ts), as each Lambda in AWS has its CPU to itself.
const Sequencer = require('@jest/test-sequencer').default;

const RUSHES = ['/test/integration/transaction-conflicts.test.ts', '/test/integration/rush.test.ts'];
const isRush = (test) => RUSHES.some((rush) => test.path.endsWith(rush));

class StackSequencer extends Sequencer {
  async sort(tests) {
    const sorted = await super.sort(tests);
    return [...sorted.filter((test) => !isRush(test)), ...sorted.filter(isRush)];
  }
}

module.exports = StackSequencer;
module.exports.RUSHES = RUSHES;
