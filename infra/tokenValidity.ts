// How long the web client's tokens live, for the stack's user pool client and the local one alike. The
// access token carries the `admin` group, so an administrator who is removed keeps admin access until it
// expires: 15 minutes bounds that, and the web app refreshes its tokens (with the groups of the moment)
// without the user noticing.
export const TOKEN_VALIDITY = { accessTokenMinutes: 15, idTokenMinutes: 15, refreshTokenDays: 30 } as const;
