// Jest's own summary, then one last line CI reads: "N passed, N failed" (a suite that cannot run counts
// as failed). Used in place of 'default' so the line really comes last.
const { SummaryReporter } = require('@jest/reporters');

class PortalSummaryReporter extends SummaryReporter {
  onRunComplete(testContexts, results) {
    super.onRunComplete(testContexts, results);
    const failed = results.numFailedTests + results.numRuntimeErrorTestSuites;
    process.stderr.write(`\n${results.numPassedTests} passed, ${failed} failed\n`);
  }
}

module.exports = PortalSummaryReporter;
