import { readTshirtSizes } from '../settings';
import { portalHandler } from '../../platform/handler';

/** Every size ever offered, retired ones included, in display order. */
export async function adminTshirtSizes() {
  return { sizes: await readTshirtSizes() };
}

export const handler = portalHandler('adminTshirtSizes', adminTshirtSizes);
