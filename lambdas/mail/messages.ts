// Messages to many families at once: a class closed or changed, and an administrator's message to the
// families of a class, a group, a semester or a waitlist. A message (`MESSAGE#id / MESSAGE`) holds what
// every family reads and the counts; a delivery per family (`MESSAGE#id / TO#familyId`) holds that family's
// children and where its e-mail stands: pending, sending, sent, failed or skipped, and each of its addresses
// (an e-mail each). The mailer sends the pending ones at SES's pace, each family and each address claimed by
// a conditional write first, so a run that stops (its time is up, or it failed) is taken up by the next
// without writing to any address twice. GSI2 lists a semester's messages, newest last
// (`SEMESTER#id#MESSAGES`).
import { givenSpanish, type MessageAudience, type MessageInput, type MessageSummary } from '../contract/records';
import { writeAll } from '../platform/dynamo';
import { classesNow, classesOfSemester } from '../catalogue/classes';
import { classEnrollments, isActive, semesterEnrollmentsPage, type StoredEnrollment } from '../enrollment/enrollments';
import { entity, optional, type StoredItem } from '../platform/entity';
import { getGroups } from '../catalogue/groups';
import { readMeetingTime, requestMail, type ClassMailRequest } from '../platform/mailRequests';
import { partitions } from '../platform/partitions';
import type { MessageChild } from '../contract/mailRecords';
import { classNoticeSubject } from './notices';
import { getSemester } from '../catalogue/semesters';
import { studentName, studentsByKey } from '../families/students';

/** A message as stored: its summary, and what its e-mails say. */
export interface StoredMessage extends Omit<MessageSummary, 'sentBy'> {
  /** The administrator's user id, or `portal`. */
  sentBy: string;
  /** What changed (classChanged). */
  changes?: string[];
  /** A class changed: the same changes in Spanish (absent on messages written before they were). */
  changesEs?: string[];
  /** The meeting cancelled and why (meetingCancelled). */
  meeting?: { date: string; start: string; end: string };
  note?: string;
  /** An administrator's text (announcement). */
  text?: string;
  /** The administrator's Spanish subject and text, the Spanish note of a cancelled meeting, where given. */
  es?: { subject?: string; text?: string; note?: string };
  /** Where the families' children are, for the line that says why they get it ("in Ice Climbing"). */
  where?: string;
}

/** A message, with its counts; GSI2 lists a semester's, by when they were written. */
export const messageEntity = entity<StoredMessage, Pick<StoredMessage, 'id'>, 'ofSemester'>({
  type: 'message',
  key: { partition: ({ id }) => partitions.message(id), sort: 'MESSAGE' },
  lists: {
    ofSemester: {
      index: 'GSI2',
      partition: ({ semesterId }) => `SEMESTER#${semesterId}#MESSAGES`,
      sort: { prefix: '', of: ({ createdAt, id }) => `${createdAt}#${id}` },
    },
  },
  read: (item) => ({
    id: item.string('id'),
    semesterId: item.string('semesterId'),
    classIds: item.strings('classIds'),
    topic: item.oneOf('topic', ['announcement', 'classClosed', 'classChanged', 'meetingCancelled']),
    subject: item.string('subject'),
    audienceLabel: item.string('audienceLabel'),
    sentBy: item.string('sentBy'),
    createdAt: item.string('createdAt'),
    status: item.oneOf('status', ['sending', 'sent']),
    recipients: item.number('recipients'),
    familiesDone: item.number('familiesDone', 0),
    sent: item.number('sent', 0),
    failed: item.number('failed', 0),
    skipped: item.number('skipped', 0),
    ...optional('finishedAt', item.optionalString('finishedAt')),
    ...optional('changes', item.item.changes === undefined ? undefined : item.strings('changes')),
    ...optional('changesEs', item.item.changesEs === undefined ? undefined : item.strings('changesEs')),
    ...optional('meeting', item.item.meeting === undefined ? undefined : readMeetingTime(item.nested('meeting'))),
    ...optional('note', item.optionalString('note')),
    ...optional('text', item.optionalString('text')),
    ...optional('es', item.spanish(['subject', 'text', 'note'])),
    ...optional('where', item.optionalString('where')),
  }),
});

const deliveryStatuses = ['pending', 'sending', 'sent', 'failed', 'skipped'] as const;
export type DeliveryStatus = (typeof deliveryStatuses)[number];
const addressStatuses = ['sending', 'sent', 'failed', 'skipped'] as const;
export type AddressStatus = (typeof addressStatuses)[number];

export interface StoredDelivery {
  messageId: string;
  familyId: string;
  children: MessageChild[];
  status: DeliveryStatus;
  claimedAt?: string;
  at?: string;
  /** Why it was skipped. */
  reason?: string;
  /** Each address the family's e-mail was written to (or is being), and how it went; from its claim on. */
  addresses?: Record<string, AddressStatus>;
}

const readAddresses = (addresses: StoredItem) =>
  Object.fromEntries(Object.keys(addresses.item).map((email) => [email, addresses.oneOf(email, addressStatuses)]));

/** A message's delivery to one family, in the message's partition. */
export const deliveryEntity = entity<StoredDelivery, Pick<StoredDelivery, 'messageId' | 'familyId'>>({
  type: 'delivery',
  key: {
    partition: ({ messageId }) => partitions.message(messageId),
    sort: { prefix: 'TO#', of: ({ familyId }) => familyId },
  },
  read: (item) => ({
    messageId: item.string('messageId'),
    familyId: item.string('familyId'),
    children: item.list('children', (child) => ({
      name: child.string('name'),
      status: child.oneOf('status', ['enrolled', 'waitlisted']),
      ...optional('waitlistPosition', child.optionalNumber('waitlistPosition')),
    })),
    status: item.oneOf('status', deliveryStatuses),
    ...optional('claimedAt', item.optionalString('claimedAt')),
    ...optional('at', item.optionalString('at')),
    ...optional('reason', item.optionalString('reason')),
    ...optional('addresses', item.item.addresses === undefined ? undefined : readAddresses(item.nested('addresses'))),
  }),
});

type Placed = { enrollment: StoredEnrollment; position?: number };

/** A class's enrollments (enrolled, or waiting with their places), from its roster and waitlist. */
async function placedInClass(classId: string, waitlistOnly = false): Promise<Placed[]> {
  const { roster, waitlist } = await classEnrollments(classId);
  return [
    ...(waitlistOnly ? [] : roster.map((enrollment) => ({ enrollment }))),
    ...waitlist.map((enrollment, index) => ({ enrollment, position: index + 1 })),
  ];
}

/** The families of these enrollments, each with its children (a child in several classes named once). */
async function familiesOf(entries: Placed[]): Promise<Map<string, MessageChild[]>> {
  const students = await studentsByKey(
    entries.map(({ enrollment }) => ({ familyId: enrollment.familyId, studentId: enrollment.studentId })),
  );
  const families = new Map<string, MessageChild[]>();
  for (const { enrollment, position } of entries) {
    const student = students.get(enrollment.studentId);
    const child: MessageChild = {
      name: student ? studentName(student) : 'Your child',
      status: enrollment.status === 'enrolled' ? 'enrolled' : 'waitlisted',
      ...(position && { waitlistPosition: position }),
    };
    const children = families.get(enrollment.familyId) ?? [];
    if (!children.some((known) => known.name === child.name)) children.push(child);
    families.set(enrollment.familyId, children);
  }
  return families;
}

/** Whom a message reaches: the families, their children, and how the history and the e-mail name them. */
export interface Audience {
  semesterId: string;
  classIds: string[];
  /** For the history: "Ice Climbing", "Waitlist of Ice Climbing", "Winter 2027 (whole semester)". */
  label: string;
  /** For the e-mail's why: "in Ice Climbing", "on the waitlist for Ice Climbing". */
  where: string;
  families: Map<string, MessageChild[]>;
}

/** The families an administrator's message reaches now; undefined when the class, group or semester is unknown. */
export async function audienceOf(audience: MessageAudience): Promise<Audience | undefined> {
  if (audience.kind === 'class' || audience.kind === 'waitlist') {
    const cls = (await classesNow([audience.id])).get(audience.id);
    if (!cls) return undefined;
    const waitlist = audience.kind === 'waitlist';
    return {
      semesterId: cls.semesterId,
      classIds: [cls.id],
      label: waitlist ? `Waitlist of ${cls.name}` : cls.name,
      where: waitlist ? `on the waitlist for ${cls.name}` : `in ${cls.name}`,
      families: await familiesOf(await placedInClass(cls.id, waitlist)),
    };
  }
  if (audience.kind === 'group') {
    const [group] = await getGroups([audience.id]);
    if (!group) return undefined;
    const placed = (await Promise.all(group.classIds.map((classId) => placedInClass(classId)))).flat();
    return {
      semesterId: group.semesterId,
      classIds: group.classIds,
      label: `${group.name} (class group)`,
      where: `in ${group.name}`,
      families: await familiesOf(placed),
    };
  }
  const semester = await getSemester(audience.id);
  if (!semester) return undefined;
  const placed: Placed[] = [];
  for (let cursor: string | undefined, first = true; first || cursor; first = false) {
    const page = await semesterEnrollmentsPage(semester.id, 500, cursor);
    placed.push(...page.enrollments.filter((e) => isActive(e.status)).map((enrollment) => ({ enrollment })));
    cursor = page.next;
  }
  return {
    semesterId: semester.id,
    classIds: (await classesOfSemester(semester.id)).map((cls) => cls.id),
    label: `${semester.name} (whole semester)`,
    where: `enrolled in ${semester.name}`,
    families: await familiesOf(placed),
  };
}

/**
 * Writes a message and a pending delivery for each family: the deliveries first, the message last (the
 * message is what makes them count). When the message is there already (a retried call), nothing is
 * written again: a delivery already sent is never made pending again.
 */
async function createMessage(message: StoredMessage, families: Map<string, MessageChild[]>): Promise<void> {
  if (await getMessage(message.id)) return;
  await writeAll(
    [...families].map(([familyId, children]) =>
      deliveryEntity.item({ messageId: message.id, familyId, children, status: 'pending' }),
    ),
  );
  // Refused when another run of the same request wrote it meanwhile, from the same deliveries.
  await messageEntity.put(message, { ifNew: true });
}

/** Turns a class's mail request into a message to each family in the class (none when nobody is in it). */
export async function messageOfClassRequest(requestId: string, request: ClassMailRequest): Promise<boolean> {
  const cls = (await classesNow([request.classId])).get(request.classId);
  if (!cls) return false;
  const families = await familiesOf(await placedInClass(request.classId));
  if (families.size === 0) return false;
  await createMessage(
    {
      id: requestId,
      semesterId: cls.semesterId,
      classIds: [cls.id],
      topic: request.kind,
      subject: classNoticeSubject(request.kind, cls, request.meeting),
      audienceLabel: cls.name,
      sentBy: 'portal',
      createdAt: new Date().toISOString(),
      ...(request.changes && { changes: request.changes }),
      ...(request.changesEs && { changesEs: request.changesEs }),
      ...(request.meeting && { meeting: request.meeting }),
      ...(request.note && { note: request.note }),
      ...(request.es?.note && { es: { note: request.es.note } }),
      status: 'sending',
      recipients: families.size,
      familiesDone: 0,
      sent: 0,
      failed: 0,
      skipped: 0,
    },
    families,
  );
  return true;
}

/**
 * An administrator's message to an audience, with a delivery to each family in it now; its sending starts
 * with a mail request. `id` is the caller's own: a retried call finds its message and writes nothing more.
 */
export async function startAnnouncement(
  id: string,
  input: MessageInput,
  audience: Audience,
  sentBy: string,
): Promise<StoredMessage> {
  const message: StoredMessage = {
    id,
    semesterId: audience.semesterId,
    classIds: audience.classIds,
    topic: 'announcement',
    subject: input.subject,
    text: input.text,
    ...optional('es', givenSpanish(input.es)),
    where: audience.where,
    audienceLabel: audience.label,
    sentBy,
    createdAt: new Date().toISOString(),
    status: 'sending',
    recipients: audience.families.size,
    familiesDone: 0,
    sent: 0,
    failed: 0,
    skipped: 0,
  };
  const existing = await getMessage(id);
  if (existing) return existing;
  await createMessage(message, audience.families);
  await requestMail({ kind: 'message', messageId: id }, message.createdAt);
  return message;
}

/** What a message's history shows (sentBy still the administrator's id). */
export function summaryOf(message: StoredMessage): MessageSummary {
  const { id, semesterId, classIds, topic, subject, audienceLabel, sentBy, createdAt, status } = message;
  const { recipients, familiesDone, sent, failed, skipped, finishedAt } = message;
  return {
    ...{ id, semesterId, classIds, topic, subject, audienceLabel, sentBy, createdAt, status },
    ...{ recipients, familiesDone, sent, failed, skipped },
    ...(finishedAt && { finishedAt }),
  };
}

/** A semester's messages (or those about one class), newest first. */
export async function messagesOf(semesterId: string, classId?: string): Promise<StoredMessage[]> {
  const messages = await messageEntity.inList('ofSemester', { semesterId }, { newestFirst: true });
  return classId ? messages.filter((message) => message.classIds.includes(classId)) : messages;
}

export function getMessage(id: string): Promise<StoredMessage | undefined> {
  return messageEntity.get({ id });
}
