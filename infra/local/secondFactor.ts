// An authenticator app's code (TOTP: six digits, a new one every 30 s, SHA-1), as the user pool checks it:
// for the local admin account's second factor, `npm run admin -- code` and the tests, which have no phone.
import { generateSync } from 'otplib';

/** The code an authenticator app set up with `secret` (base32, as the user pool gives it) shows now. */
export function currentCode(secret: string): string {
  return generateSync({ secret });
}
