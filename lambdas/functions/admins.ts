import { adminList } from '../shared/adminGroup';
import { portalHandler } from '../shared/handler';

export const handler = portalHandler('admins', adminList);
