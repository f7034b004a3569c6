// Who is calling: only ever from a verified Cognito access token. In AWS the HTTP API's JWT authorizer
// verifies it on `user` and `admin` routes; on `public` routes the function verifies an optional token
// itself, with the same checks (issuer, signature, token_use, client_id). The claims are read the same way
// in both paths, and refused unless they are an access token's issued by now: API Gateway's authorizer
// checks the audience or client id, but not `token_use`, so an ID token would otherwise pass there.
import { JwtRsaVerifier } from 'aws-jwt-verify';
import { SimpleJwksCache } from 'aws-jwt-verify/jwk';
import type { JwtPayload } from 'aws-jwt-verify/jwt-model';
import { ADMIN_GROUP } from '../contract/manifest';
import { requiredEnv } from './env';
import type { ErrorLanguage } from './errorLanguage';

export interface Caller {
  sub: string;
  username: string;
  groups: string[];
  isAdmin: boolean;
  /** The verified access token itself, for the calls Cognito authorizes with it (the caller's own account). */
  accessToken?: string;
  /**
   * The language the call asks for (`Accept-Language`): what the server writes into an answer (a reason a
   * family may not act yet) is said in it. None: English.
   */
  language?: ErrorLanguage;
}

/**
 * A signed-in caller of a family function: `familyId` is the family the login manages now (read from the
 * table on every call), which names the family's data; `sub` stays the login itself.
 */
export interface FamilyCaller extends Caller {
  familyId: string;
}

/**
 * A signed-in caller of an instructor function: the classes they teach now and the address they were invited at,
 * read from the table on every call.
 */
export interface InstructorCaller extends Caller {
  instructorEmail: string;
  classIds: string[];
}

const issuer = requiredEnv('JWT_ISSUER');
const clientId = requiredEnv('USER_POOL_CLIENT_ID');

// Fetch the key set with the runtime's fetch: it reaches Cognito over HTTPS and cognito-local over HTTP.
const jwksCache = new SimpleJwksCache({
  fetcher: {
    fetch: async (uri: string) => {
      const response = await fetch(uri);
      if (!response.ok) throw new Error(`JWKS fetch from ${uri} answered ${response.status}`);
      return response.arrayBuffer();
    },
  },
});

const verifier = JwtRsaVerifier.create(
  {
    issuer,
    audience: null,
    jwksUri: `${issuer}/.well-known/jwks.json`,
    customJwtCheck: ({ payload }) => {
      if (payload.token_use !== 'access') throw new Error('not an access token');
      if (payload.client_id !== clientId) throw new Error('token issued to another client');
    },
  },
  { jwksCache },
);

/** The claims of a valid access token, or undefined for anything else (missing, forged, expired, wrong client). */
export async function verifyAccessToken(token: string): Promise<JwtPayload | undefined> {
  try {
    return await verifier.verify(token);
  } catch {
    return undefined;
  }
}

export function bearerToken(authorization: string | undefined): string | undefined {
  const match = /^Bearer\s+(\S+)\s*$/i.exec(authorization ?? '');
  return match?.[1];
}

/** How far ahead of this function's clock a token's `iat` may be (clocks drift a little, never by minutes). */
export const TOKEN_CLOCK_SKEW_SECONDS = 300;

/**
 * The caller described by verified claims, or undefined unless they are an access token issued by now. API Gateway hands array claims to the function as a string
 * such as "[admin teachers]"; a verifier hands them over as an array: both are read.
 */
export function callerFromClaims(claims: Record<string, unknown>, now = Date.now()): Caller | undefined {
  const sub = claims.sub;
  if (typeof sub !== 'string' || sub === '') return undefined;
  if (claims.token_use !== 'access') return undefined;
  // API Gateway passes every claim as a string, a verifier passes numbers.
  const issuedAt = Number(claims.iat);
  if (!Number.isFinite(issuedAt) || issuedAt * 1000 > now + TOKEN_CLOCK_SKEW_SECONDS * 1000) return undefined;
  const username = typeof claims.username === 'string' ? claims.username : sub;
  const groups = readGroups(claims['cognito:groups']);
  return { sub, username, groups, isAdmin: groups.includes(ADMIN_GROUP) };
}

function readGroups(value: unknown): string[] {
  if (Array.isArray(value)) return value.filter((group): group is string => typeof group === 'string');
  if (typeof value !== 'string') return [];
  return value
    .replace(/^\[|\]$/g, '')
    .split(/[\s,]+/)
    .filter(Boolean);
}

/** Claims as API Gateway's JWT authorizer passes them on: arrays flattened to "[a b]". */
export function authorizerClaims(payload: JwtPayload): Record<string, string | number | boolean> {
  return Object.fromEntries(
    Object.entries(payload).map(([name, value]) => [
      name,
      Array.isArray(value)
        ? `[${value.join(' ')}]`
        : typeof value === 'object' && value !== null
          ? JSON.stringify(value)
          : (value as string | number | boolean),
    ]),
  );
}

/**
 * Who made a change, as the audit trail and the requests keep it: the login (`sub`), whether they acted as an
 * administrator, and on a family's own call the family it manages.
 */
export type Actor = Pick<Caller, 'sub' | 'isAdmin'> & { familyId?: string };
