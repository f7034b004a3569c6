import { ADMIN_GROUP } from '../manifest';
import { portalHandler } from '../shared/handler';
import { groupMembers } from '../shared/userPool';

/** The members of the admin group. */
export async function admins() {
  return { admins: (await groupMembers(ADMIN_GROUP)).map(({ email, sub }) => ({ email, sub })) };
}

export const handler = portalHandler('admins', admins);
