module.exports = require('@jest/reporters').DefaultReporter;
