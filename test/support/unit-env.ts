// Unit tests load the handlers with a fake deployment's settings; their AWS clients are mocked.
Object.assign(process.env, {
  TABLE_NAME: 'portal-unit',
  AWS_REGION: 'eu-west-1',
  AWS_ACCESS_KEY_ID: 'unit',
  AWS_SECRET_ACCESS_KEY: 'unit',
  JWT_ISSUER: 'https://cognito-idp.eu-west-1.amazonaws.com/eu-west-1_unit',
  USER_POOL_ID: 'eu-west-1_unit',
  USER_POOL_CLIENT_ID: 'unit-client',
  SITE_URL: 'https://portal.example.org',
  MAIL_FROM: 'Registration Portal <registration@example.org>',
  AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED: 'true',
  POWERTOOLS_METRICS_DISABLED: 'true',
  POWERTOOLS_SERVICE_NAME: 'RegistrationPortal-unit',
  // The functions' log stays out of the test output; a test that reads it lifts the level (test/support/logLines.ts).
  POWERTOOLS_LOG_LEVEL: 'SILENT',
});
