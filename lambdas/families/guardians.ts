// Several guardians per family. A guardian invites another adult by e-mail: an invitation
// (`FAMILY#id / INVITATION#id`) holds the hash of a random secret that only the e-mail's link carries, and
// expires after INVITATION_DAYS. Only the invitee, signed in with the invited address, learns what it offers
// (who invites them, to which family as the inviter named it); another account holding the link learns nothing,
// not even the invited address. The invitee accepts it: one
// transaction uses up the invitation, adds them to the profile's guardians (families.ts), and moves their
// login's membership (memberships.ts) to the family, on condition that the family they leave has no child
// and no other guardian. Leaving and removal take a guardian off the profile on condition that another
// stays (two guardians leaving at once cannot leave the family with none), and give them a new, empty
// family of their own with the same transaction.
import { languageOf } from './accountLanguage';
import { createHash, randomBytes, randomUUID, timingSafeEqual } from 'node:crypto';
import { failedPrecondition, notFound } from '../contract/errors';
import { transactWrite, type TransactItem } from '../platform/transact';
import { entity, optional } from '../platform/entity';
import {
  accountDeleted,
  getProfile,
  guardiansOf,
  profileEntity,
  studentCount,
  type GuardianEntry,
  type StoredProfile,
} from './families';
import { mailRequestPut } from '../platform/mailRequests';
import { membershipEntity, membershipMove } from '../platform/memberships';
import type { GuardianInvitation } from '../contract/records';
import { partitions } from '../platform/partitions';
import { studentsOfFamily } from './students';

/** How long an invitation can be accepted. */
const INVITATION_DAYS = 7;
/** The most guardians a family has, and the most invitations it has waiting. */
const MAX_GUARDIANS = 4;
const MAX_PENDING_INVITATIONS = 5;

export interface StoredInvitation {
  familyId: string;
  id: string;
  /** The invited address, in lower case. */
  email: string;
  secretHash: string;
  invitedBy: string;
  invitedByEmail: string;
  /** The family's name as the inviter gave it, for the invited to read. */
  familyName?: string;
  createdAt: string;
  /** Epoch seconds, the table's time to live (`expiresAt`): it is removed some time after. */
  expiresAt: number;
}

export const invitationEntity = entity<StoredInvitation, Pick<StoredInvitation, 'familyId' | 'id'>>({
  type: 'invitation',
  key: {
    partition: ({ familyId }) => partitions.family(familyId),
    sort: { prefix: 'INVITATION#', of: ({ id }) => id },
  },
  read: (item) => ({
    familyId: item.string('familyId'),
    id: item.string('id'),
    email: item.string('email'),
    secretHash: item.string('secretHash'),
    invitedBy: item.string('invitedBy'),
    invitedByEmail: item.string('invitedByEmail'),
    ...optional('familyName', item.optionalString('familyName')),
    createdAt: item.string('createdAt'),
    expiresAt: item.number('expiresAt'),
  }),
});

const hashOf = (secret: string) => createHash('sha256').update(secret).digest('base64url');
const nowSeconds = () => Math.floor(Date.now() / 1000);
const isLive = (invitation: StoredInvitation) => invitation.expiresAt > nowSeconds();

/** The link's token: the family, the invitation and its secret, which only the e-mail carries. */
export const invitationToken = (familyId: string, id: string, secret: string) => `${familyId}.${id}.${secret}`;

/** The family a link's token names. */
export const tokenFamily = (token: string) => parseToken(token).familyId;

function parseToken(token: string): { familyId: string; id: string; secret: string } {
  const [familyId, id, secret, ...rest] = token.split('.');
  if (!familyId || !id || !secret || rest.length) throw notFound(INVITATION_GONE);
  return { familyId, id, secret };
}

const INVITATION_GONE =
  'This invitation is no longer valid: it was accepted, cancelled or it expired. Ask the guardian who sent it for a new one.';

// Without the invited address: whoever holds a link must not learn it (a link forwarded, or seen over a shoulder).
const SENT_ELSEWHERE =
  'This invitation was sent to another e-mail address than the one you are signed in with. Sign out, then sign ' +
  'in with the address it was sent to (or create an account with it) and open the link again; or ask for an ' +
  'invitation to your own address.';

/** An invitation as the family's guardians see it. */
export function toInvitation(invitation: StoredInvitation): GuardianInvitation {
  return {
    id: invitation.id,
    email: invitation.email,
    invitedByEmail: invitation.invitedByEmail,
    ...optional('familyName', invitation.familyName),
    createdAt: invitation.createdAt,
    expiresAt: new Date(invitation.expiresAt * 1000).toISOString(),
  };
}

/** The family's invitations still waiting, newest first. */
export async function pendingInvitations(familyId: string): Promise<StoredInvitation[]> {
  return (await invitationEntity.inPartition({ familyId }))
    .filter(isLive)
    .sort((a, b) => b.createdAt.localeCompare(a.createdAt));
}

/** The profile of a family that is not being deleted (a family without one yet: an empty one). */
async function liveProfile(familyId: string): Promise<StoredProfile> {
  const profile = await getProfile(familyId);
  if (profile?.deletedAt) throw accountDeleted();
  return profile ?? { familyId, counts: {} };
}

export interface Inviter {
  familyId: string;
  sub: string;
  email: string;
}

/**
 * Invites an adult to the family, named as the inviter gives it: the invitation and its e-mail's request, in
 * one transaction. The inviter's address is noted on the profile when it has none yet (the family's first
 * guardian writes from it).
 */
export async function invite(by: Inviter, email: string, familyName?: string): Promise<StoredInvitation> {
  const profile = await liveProfile(by.familyId);
  const guardians = guardiansOf(profile);
  if (guardians.some((guardian) => guardian.email.toLowerCase() === email) || by.email.toLowerCase() === email)
    throw failedPrecondition(`${email} is already a guardian of your family.`);
  if (Math.max(guardians.length, 1) >= MAX_GUARDIANS)
    throw failedPrecondition(`A family has at most ${MAX_GUARDIANS} guardians: remove one before inviting another.`);
  const pending = await pendingInvitations(by.familyId);
  if (pending.some((invitation) => invitation.email === email))
    throw failedPrecondition(`${email} has an invitation waiting already: cancel it to send a new one.`);
  if (pending.length >= MAX_PENDING_INVITATIONS)
    throw failedPrecondition(
      `Your family has ${MAX_PENDING_INVITATIONS} invitations waiting: cancel one before sending another.`,
    );
  const secret = randomBytes(24).toString('base64url');
  const now = new Date().toISOString();
  const invitation: StoredInvitation = {
    familyId: by.familyId,
    id: randomUUID(),
    email,
    secretHash: hashOf(secret),
    invitedBy: by.sub,
    invitedByEmail: by.email,
    ...optional('familyName', familyName || undefined),
    createdAt: now,
    expiresAt: nowSeconds() + INVITATION_DAYS * 24 * 60 * 60,
  };
  const outcome = await transactWrite([
    invitationEntity.putItem(invitation),
    mailRequestPut({ kind: 'invitation', familyId: by.familyId, invitationId: invitation.id, token: secret }, now),
    profileEntity.updateItem(
      { familyId: by.familyId },
      {
        set: { type: profileEntity.type, familyId: by.familyId },
        setClauses: ['email = if_not_exists(email, :email)'],
        values: { ':email': by.email },
        condition: 'attribute_not_exists(deletedAt)',
      },
    ),
  ]);
  if (!outcome.committed) throw accountDeleted();
  return invitation;
}

export async function cancelInvitation(familyId: string, id: string): Promise<void> {
  if (!(await invitationEntity.delete({ familyId, id }, { condition: 'attribute_exists(PK)' })))
    throw notFound('There is no such invitation waiting.');
}

/** The invitation a link's token names, while it can be accepted; otherwise 404. */
async function invitationOf(token: string): Promise<StoredInvitation> {
  const { familyId, id, secret } = parseToken(token);
  const invitation = await invitationEntity.get({ familyId, id });
  const sent = Buffer.from(hashOf(secret));
  if (
    !invitation ||
    !isLive(invitation) ||
    sent.length !== invitation.secretHash.length ||
    !timingSafeEqual(sent, Buffer.from(invitation.secretHash))
  )
    throw notFound(INVITATION_GONE);
  return invitation;
}

/** The invitation a link's token names, to the account of the address it was sent to only (else 409). */
export async function invitationFor(token: string, email: string): Promise<StoredInvitation> {
  const invitation = await invitationOf(token);
  if (invitation.email !== email.toLowerCase()) throw failedPrecondition(SENT_ELSEWHERE);
  return invitation;
}

export interface Invitee {
  sub: string;
  /** The family the login manages now. */
  familyId: string;
  email: string;
}

/**
 * Accepts an invitation: the invitee becomes a guardian of the family. Refused when it was sent to another
 * address, and while the invitee's own family has children or other guardians (it would be left without
 * them): those are the invitee's to remove or leave first. Accepting again once in is answered as done.
 */
export async function accept(token: string, invitee: Invitee): Promise<{ familyId: string }> {
  const familyId = tokenFamily(token);
  if (invitee.familyId === familyId) return { familyId };
  const invitation = await invitationFor(token, invitee.email);
  const [family, own, ownStudents] = await Promise.all([
    liveProfile(familyId),
    getProfile(invitee.familyId),
    studentsOfFamily(invitee.familyId),
  ]);
  const ownGuardians = own ? guardiansOf(own).filter((guardian) => guardian.sub !== invitee.sub) : [];
  if (ownStudents.length > 0 || ownGuardians.length > 0) throw leaveFirst(ownStudents.length > 0);
  const guardians = guardiansOf(family);
  if (guardians.length >= MAX_GUARDIANS)
    throw failedPrecondition(`This family has ${MAX_GUARDIANS} guardians already: one must leave before you join.`);
  const now = new Date().toISOString();
  // The language the invitee chose on their own account goes with them (accountLanguage.ts).
  const language = languageOf(own, invitee.sub);
  const entry: GuardianEntry = { email: invitee.email, joinedAt: now, mailOff: [], ...(language && { language }) };
  const outcome = await transactWrite([
    invitationEntity.deleteItem(
      { familyId, id: invitation.id },
      { condition: 'attribute_exists(PK) AND secretHash = :hash', values: { ':hash': invitation.secretHash } },
    ),
    profileEntity.updateItem({ familyId }, joinUpdate(family, invitee.sub, entry)),
    membershipMove(invitee.sub, invitee.familyId, familyId, now),
    leftEmpty(invitee, own),
  ]);
  if (!outcome.committed) {
    if (outcome.failed.has(0)) throw notFound(INVITATION_GONE);
    if (outcome.failed.has(3)) throw leaveFirst(true);
    throw failedPrecondition('The family changed while you were joining it. Please try again.');
  }
  return { familyId };
}

const leaveFirst = (children: boolean) =>
  failedPrecondition(
    children
      ? 'Your account already has children on it. To join this family, remove them from your account first ' +
          '(Manage Account), or ask this family to add them; or keep your own account for them.'
      : 'You are a guardian of another family. Leave it first (Manage Account, Guardians), then accept this invitation.',
  );

/**
 * The profile's guardians with the invitee added: a first second guardian writes the whole list (the family's
 * one guardian so far from its e-mail and choices), under the condition that nobody wrote it meanwhile.
 */
function joinUpdate(family: StoredProfile, sub: string, entry: GuardianEntry) {
  const base = { names: { '#me': sub }, values: { ':max': MAX_GUARDIANS } as Record<string, unknown> };
  if (family.guardians)
    return {
      ...base,
      setClauses: ['guardians.#me = :entry'],
      values: { ...base.values, ':entry': entry },
      condition:
        'attribute_exists(guardians) AND attribute_not_exists(guardians.#me) AND size(guardians) < :max AND attribute_not_exists(deletedAt)',
    };
  const [first] = guardiansOf(family);
  if (!first) throw failedPrecondition('This family has no guardian any more: ask for a new invitation.');
  // The family's first guardian keeps no joining day (''): they made the family, and are listed first.
  const { sub: firstSub, ...firstEntry } = first;
  return {
    set: { guardians: { [firstSub]: firstEntry, [sub]: entry } },
    condition: 'attribute_not_exists(guardians) AND attribute_not_exists(deletedAt)',
  };
}

/** The invitee's own family as they leave it: still without a child, and without them on its guardians. */
function leftEmpty(invitee: Invitee, own: StoredProfile | undefined): TransactItem {
  const condition = `attribute_not_exists(#students) OR #students = :none`;
  const names = { '#students': studentCount };
  const values = { ':none': 0 };
  if (own?.guardians)
    return profileEntity.updateItem(
      { familyId: invitee.familyId },
      {
        removeClauses: ['guardians.#me'],
        names: { ...names, '#me': invitee.sub },
        values: { ...values, ':one': 1 },
        condition: `(${condition}) AND size(guardians) <= :one`,
      },
    );
  return profileEntity.checkItem({ familyId: invitee.familyId }, { condition, names, values });
}

/**
 * Takes a guardian off the family (leaving, or removed by another guardian), on condition that another
 * stays. Their login then manages a new, empty family of their own (made in the same transaction), on
 * condition that its membership still names this family; `gone`: the login is being deleted, its
 * membership goes with it.
 */
export async function removeGuardian(familyId: string, sub: string, why: 'left' | 'removed'): Promise<void> {
  if ((await takeOff(familyId, sub, why)) === 'last') throw lastGuardian(why);
}

/** Takes the guardian off unless they are the last one ('last': nothing changed). */
export async function takeOff(
  familyId: string,
  sub: string,
  why: 'left' | 'removed' | 'gone',
): Promise<'done' | 'last'> {
  const stored = await getProfile(familyId);
  // A deletion already begun is finished by the deletion.
  if (stored?.deletedAt) return why === 'gone' ? 'last' : raise(accountDeleted());
  const guardians = stored ? guardiansOf(stored) : [];
  const leaving = guardians.find((guardian) => guardian.sub === sub);
  // A deleted login's family of one (whose profile may not even note its address yet) is its to delete.
  if (!leaving && !(why === 'gone' && guardians.length < 2))
    throw notFound('There is no such guardian in your family.');
  if (!leaving || guardians.length < 2) return 'last';
  const now = new Date().toISOString();
  const ownFamily = randomUUID();
  const outcome = await transactWrite([
    profileEntity.updateItem(
      { familyId },
      {
        removeClauses: ['guardians.#who'],
        names: { '#who': sub },
        values: { ':one': 1 },
        condition: 'attribute_exists(guardians.#who) AND size(guardians) > :one',
      },
    ),
    ...(why === 'gone'
      ? [membershipEntity.deleteItem({ sub })]
      : [
          membershipMove(sub, familyId, ownFamily, now),
          profileEntity.updateItem(
            { familyId: ownFamily },
            {
              set: {
                type: profileEntity.type,
                familyId: ownFamily,
                email: leaving.email,
                guardians: {
                  [sub]: {
                    email: leaving.email,
                    joinedAt: now,
                    mailOff: leaving.mailOff,
                    ...(leaving.language && { language: leaving.language }),
                  },
                },
              },
              condition: 'attribute_not_exists(PK)',
            },
          ),
        ]),
  ]);
  if (!outcome.committed) {
    const after = profileEntity.readIf(outcome.failed.get(0));
    if (after && !after.guardians?.[sub]) throw notFound('There is no such guardian in your family.');
    if (outcome.failed.has(0)) return 'last';
    throw failedPrecondition('Your family changed meanwhile. Please try again.');
  }
  return 'done';
}

const lastGuardian = (why: 'left' | 'removed') =>
  failedPrecondition(
    why === 'left'
      ? "You are your family's only guardian, so you cannot leave it. To close the family, delete your account: " +
          'its enrollments are cancelled and its children removed.'
      : "That is your family's only other guardian, and a family keeps at least one.",
  );

function raise(error: Error): never {
  throw error;
}
