// The programme's instructors. An administrator invites a person by e-mail to teach classes: the invitation
// (`INSTRUCTOR_INVITATION#<address> / INVITATION`) names the address and the classes, and expires after
// INVITATION_DAYS. The invited person signs in with that address (the user pool made them prove it, decision 20)
// and accepts: one transaction uses up the invitation and makes the login an instructor of its classes
// (`LOGIN#sub / INSTRUCTOR`, platform/instructorAssignments.ts), which every instructor call reads. Unlike a
// guardian's invitation no secret link is needed: what is offered goes only to the login that holds the address.
import { randomUUID } from 'node:crypto';
import { failedPrecondition, invalidArgument, notFound } from '../contract/errors';
import type { InstructorInvitation, InstructorSummary } from '../contract/classDay';
import type { Class } from '../contract/records';
import { entity } from '../platform/entity';
import { instructorEntity, type InstructorAssignment } from '../platform/instructorAssignments';
import { mailRequestPut } from '../platform/mailRequests';
import { transactWrite } from '../platform/transact';
import { getClasses } from '../catalogue/classes';

/** How long an invitation to teach can be accepted. */
const INVITATION_DAYS = 14;

interface StoredInstructorInvitation {
  email: string;
  classIds: string[];
  invitedByEmail: string;
  createdAt: string;
  /** Epoch seconds, the table's time to live (`expiresAt`). */
  expiresAt: number;
  /** One id per invitation: accepting uses up exactly the invitation read. */
  id: string;
}

const invitationEntity = entity<StoredInstructorInvitation, Pick<StoredInstructorInvitation, 'email'>, 'all'>({
  type: 'instructorInvitation',
  key: { partition: ({ email }) => `INSTRUCTOR_INVITATION#${email}`, sort: 'INVITATION' },
  lists: {
    all: { index: 'GSI1', partition: () => 'INSTRUCTORS', sort: { prefix: 'INVITATION#', of: ({ email }) => email } },
  },
  read: (item) => ({
    email: item.string('email'),
    classIds: item.strings('classIds'),
    invitedByEmail: item.string('invitedByEmail'),
    createdAt: item.string('createdAt'),
    expiresAt: item.number('expiresAt'),
    id: item.string('id'),
  }),
});

const isLive = (invitation: StoredInstructorInvitation) => invitation.expiresAt > Date.now() / 1000;

const toInvitation = ({ id: _id, expiresAt, ...invitation }: StoredInstructorInvitation): InstructorInvitation => ({
  ...invitation,
  expiresAt: new Date(expiresAt * 1000).toISOString(),
});

/** The classes named, each one that exists (consistent: one made a moment ago counts); 400 naming one that does not. */
async function existingClasses(classIds: string[]): Promise<Class[]> {
  const found = await getClasses(classIds, true);
  const missing = classIds.find((id) => !found.some((cls) => cls.id === id));
  if (missing) throw invalidArgument(`classIds: there is no class ${missing}.`);
  return found;
}

const summaryOf = (assignment: InstructorAssignment, classes: ReadonlyArray<Class>): InstructorSummary => ({
  sub: assignment.sub,
  email: assignment.email,
  since: assignment.since,
  classes: classes
    .filter((cls) => assignment.classIds.includes(cls.id))
    .map(({ id, name, semesterId }) => ({ id, name, semesterId })),
});

/** An instructor with the classes they teach now (a class deleted since is left out). */
async function summary(assignment: InstructorAssignment): Promise<InstructorSummary> {
  return summaryOf(assignment, await getClasses(assignment.classIds));
}

/** Every instructor with their classes, and the invitations still waiting (the office's list: it may lag a moment). */
export async function instructorList(): Promise<{
  instructors: InstructorSummary[];
  invitations: InstructorInvitation[];
}> {
  const [assignments, invitations] = await Promise.all([
    instructorEntity.inList('all', {}),
    invitationEntity.inList('all', {}),
  ]);
  const classes = await getClasses([...new Set(assignments.flatMap((assignment) => assignment.classIds))]);
  return {
    instructors: assignments
      .map((assignment) => summaryOf(assignment, classes))
      .sort((a, b) => a.email.localeCompare(b.email)),
    invitations: invitations.filter(isLive).map(toInvitation),
  };
}

/** Invites `email` to teach the classes listed; a new invitation to the same address replaces the one waiting. */
export async function inviteInstructor(
  email: string,
  classIds: string[],
  invitedByEmail: string,
): Promise<InstructorInvitation> {
  await existingClasses(classIds);
  const invitation: StoredInstructorInvitation = {
    email,
    classIds,
    invitedByEmail,
    createdAt: new Date().toISOString(),
    expiresAt: Math.floor(Date.now() / 1000) + INVITATION_DAYS * 24 * 60 * 60,
    id: randomUUID(),
  };
  // The e-mail that tells them how to accept is asked for with the invitation (the mailer reads it as it is then).
  await transactWrite([
    invitationEntity.putItem(invitation),
    mailRequestPut({ kind: 'instructorInvitation', email }, invitation.createdAt),
  ]);
  return toInvitation(invitation);
}

/** The invitation waiting for `email`, as it is now (undefined when accepted, cancelled or expired). */
export async function waitingInvitation(email: string): Promise<InstructorInvitation | undefined> {
  const invitation = await invitationEntity.get({ email }, { consistent: true });
  return invitation && isLive(invitation) ? toInvitation(invitation) : undefined;
}

/**
 * Accepts the invitation sent to the caller's address: the login becomes an instructor of its classes (added to
 * those it teaches already), and the invitation is used up, in one transaction.
 */
export async function acceptInvitation(sub: string, email: string): Promise<InstructorSummary> {
  const address = email.toLowerCase();
  const [invitation, current] = await Promise.all([
    invitationEntity.get({ email: address }),
    instructorEntity.get({ sub }),
  ]);
  if (!invitation || !isLive(invitation))
    throw notFound(`There is no invitation to teach waiting for ${address}: ask the office for one.`);
  const now = new Date().toISOString();
  const assignment: InstructorAssignment = {
    sub,
    email: address,
    classIds: [...new Set([...(current?.classIds ?? []), ...invitation.classIds])],
    since: current?.since ?? now,
    updatedAt: now,
  };
  const outcome = await transactWrite([
    invitationEntity.deleteItem(
      { email: address },
      { condition: 'attribute_exists(PK) AND id = :id', values: { ':id': invitation.id } },
    ),
    instructorEntity.putItem(assignment, {
      condition: current ? 'updatedAt = :seen' : 'attribute_not_exists(PK)',
      ...(current && { values: { ':seen': current.updatedAt } }),
    }),
  ]);
  if (!outcome.committed) throw failedPrecondition('The invitation changed while you were accepting it: try again.');
  return summary(assignment);
}

/** Sets the classes an instructor teaches; 404 for a login that is no instructor. */
export async function assignClasses(sub: string, classIds: string[]): Promise<InstructorSummary> {
  const classes = await existingClasses(classIds);
  const updatedAt = new Date().toISOString();
  if (!(await instructorEntity.updateIfThere({ sub }, { set: { classIds, updatedAt } })))
    throw notFound('There is no such instructor.');
  const assignment = await instructorEntity.get({ sub });
  return summaryOf(assignment!, classes);
}

/** Takes an instructor off: from their next call they are refused. Their marks stay, with their name. */
export async function removeInstructor(sub: string): Promise<void> {
  if (!(await instructorEntity.delete({ sub }, { condition: 'attribute_exists(PK)' })))
    throw notFound('There is no such instructor.');
}

export async function cancelInvitation(email: string): Promise<void> {
  if (!(await invitationEntity.delete({ email }, { condition: 'attribute_exists(PK)' })))
    throw notFound('There is no invitation waiting for that address.');
}
