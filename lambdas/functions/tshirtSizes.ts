import { offeredTshirtSizes } from '../data/settings';
import { portalHandler } from '../shared/handler';

export async function tshirtSizes() {
  return { sizes: await offeredTshirtSizes() };
}

export const handler = portalHandler('tshirtSizes', tshirtSizes);
