import { offeredTshirtSizes } from '../settings';
import { portalHandler } from '../../platform/handler';

export async function tshirtSizes() {
  return { sizes: await offeredTshirtSizes() };
}

export const handler = portalHandler('tshirtSizes', tshirtSizes);
