import { readTshirtSizes } from '../data/settings';
import { portalHandler } from '../shared/handler';

/** Every size ever offered, retired ones included, in display order. */
export async function adminTshirtSizes() {
  return { sizes: await readTshirtSizes() };
}

export const handler = portalHandler('adminTshirtSizes', adminTshirtSizes);
