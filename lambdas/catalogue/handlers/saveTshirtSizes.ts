import { readTshirtSizes, writeTshirtSizes } from '../settings';
import type { ParsedInput } from '../../contract/manifest';
import { invalidArgument } from '../../contract/errors';
import { portalHandler } from '../../platform/handler';

/**
 * Saves the size list in its new order. A size is never removed, only retired: students who have it keep
 * it, and it is no longer offered.
 */
export async function saveTshirtSizes({ sizes }: ParsedInput<'saveTshirtSizes'>) {
  const seen = new Set<string>();
  sizes.forEach((size, index) => {
    if (seen.has(size.code)) throw invalidArgument(`sizes[${index}].code: ${size.code} is listed twice`);
    seen.add(size.code);
  });
  const missing = (await readTshirtSizes()).find((size) => !seen.has(size.code));
  if (missing)
    throw invalidArgument(
      `sizes: ${missing.code} (${missing.label}) is missing: retire a size rather than removing it`,
    );
  if (sizes.every((size) => size.retired)) throw invalidArgument('sizes: at least one size must be offered');
  await writeTshirtSizes(sizes);
  return { sizes };
}

export const handler = portalHandler('saveTshirtSizes', saveTshirtSizes);
