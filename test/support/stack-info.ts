/** What `npm start` writes to `<data dir>/stack.json` while the portal runs. */
export interface StackInfo {
  url: string;
  dataDir: string;
  dynamoDbEndpoint: string;
  tableName: string;
  userPoolId: string;
  userPoolClientId: string;
  cognitoEndpoint: string;
  jwtIssuer: string;
  adminEmail: string;
  /** The only credentials the local pool's admin calls accept (new at every start). */
  credentials: { accessKeyId: string; secretAccessKey: string };
}

export const TEST_ADMIN = { email: 'admin@example.com', password: 'Test-Admin-Password-1' };
