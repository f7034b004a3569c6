import { adminList } from '../../platform/adminGroup';
import { portalHandler } from '../../platform/handler';

export const handler = portalHandler('admins', adminList);
