/** What `npm start` writes to `<data dir>/stack.json` while the portal runs. */
export interface StackInfo {
  url: string;
  dataDir: string;
  /** Where every DynamoDB call of the portal goes: the conflicts proxy when conflicts are on, else the engine. */
  dynamoDbEndpoint: string;
  /** The engine; `startedHere` false when it is PORTAL_DYNAMODB_ENDPOINT's, already running. */
  dynamoDbEngine: { endpoint: string; startedHere: boolean };
  /** PORTAL_DYNAMODB_CONFLICTS_HOLD_MS, or null when conflicts are off. */
  conflictsHoldMs: number | null;
  /** PORTAL_LAMBDA_CONCURRENCY in instances mode (PORTAL_LAMBDA_INSTANCES=on), or null when it is off. */
  lambdaConcurrency: number | null;
  tableName: string;
  userPoolId: string;
  userPoolClientId: string;
  cognitoEndpoint: string;
  jwtIssuer: string;
  adminEmail: string;
  /** The admin account's second factor key: the tests' authenticator app for it. */
  adminSecondFactor: string;
  /** The only credentials the local pool's admin calls accept (new at every start). */
  credentials: { accessKeyId: string; secretAccessKey: string };
  /** The `npm start` process. */
  pid: number;
}

export const TEST_ADMIN = { email: 'admin@example.com', password: 'Test-Admin-Password-1' };
