// Pages of long lists: DynamoDB's LastEvaluatedKey handed to the client as an opaque cursor.
import * as z from 'zod/mini';
import { invalidArgument } from './errors';

export const cursor = z.string().check(z.maxLength(2048, 'is not a valid cursor'));

export function encodeCursor(key: Record<string, unknown> | undefined): string | undefined {
  return key && Buffer.from(JSON.stringify(key)).toString('base64url');
}

export function decodeCursor(value: string | undefined): Record<string, unknown> | undefined {
  if (value === undefined) return undefined;
  try {
    const key = JSON.parse(Buffer.from(value, 'base64url').toString('utf8')) as unknown;
    if (typeof key === 'object' && key !== null && !Array.isArray(key) && Object.values(key).every((part) => typeof part === 'string')) return key as Record<string, string>;
  } catch {
    // reported below
  }
  throw invalidArgument('cursor: is not a valid cursor');
}
