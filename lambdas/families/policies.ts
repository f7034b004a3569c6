// The programme's policies (participation, liability waiver, photo consent…) and what families accepted.
//
// Each policy's current version is one item of the `POLICIES` partition (`POLICIES / POLICY#id`: its number,
// title, whether it is required and for which semester, without the text), so an enrollment reads every
// policy's current version in one small, strongly consistent query. Every version, the current one too, is
// kept whole in the policy's own partition (`POLICY#id / VERSION#000001`) with the count of its
// acceptances: publishing appends a version and moves the current one on in one transaction, under the
// condition that the current one is still the one the administrator read; a published text never changes.
//
// An acceptance is one item in the family's partition (`FAMILY#sub / ACCEPTANCE#student#semester#policy#version`),
// written only while the version it names is the current one (a condition on the policy's item in the same
// transaction), once (a retried acceptance changes nothing, nor counts twice).
import { randomUUID } from 'node:crypto';
import {
  givenSpanish,
  type PolicyAcceptance,
  type PolicyInput,
  type PolicySummary,
  type PolicyToAccept,
  type PolicyVersion,
} from '../contract/records';
import type { Key } from '../platform/dynamo';
import type { TransactItem } from '../platform/transact';
import { entity, optional } from '../platform/entity';
import { partitions } from '../platform/partitions';

/** A policy's current version as an enrollment checks it (the text stays with the version, its Spanish too). */
export type CurrentPolicy = Omit<PolicyVersion, 'text' | 'publishedBy' | 'es'> & { es?: { title?: string } };

const POLICIES = 'POLICIES';
const versionKey = (version: number) => String(version).padStart(6, '0');

const policyEntity = entity<CurrentPolicy, Pick<CurrentPolicy, 'policyId'>>({
  type: 'policy',
  key: { partition: () => POLICIES, sort: { prefix: 'POLICY#', of: ({ policyId }) => policyId } },
  read: (item) => ({
    policyId: item.string('policyId'),
    version: item.number('version'),
    title: item.string('title'),
    required: item.boolean('required'),
    ...optional('semesterId', item.optionalString('semesterId')),
    ...optional('es', item.spanish(['title'])),
    publishedAt: item.string('publishedAt'),
  }),
});

type StoredVersion = PolicyVersion & { acceptances: number };

const policyVersionEntity = entity<StoredVersion, Pick<PolicyVersion, 'policyId' | 'version'>>({
  type: 'policyVersion',
  key: {
    partition: ({ policyId }) => `POLICY#${policyId}`,
    sort: { prefix: 'VERSION#', of: ({ version }) => versionKey(version) },
  },
  read: (item) => ({
    policyId: item.string('policyId'),
    version: item.number('version'),
    title: item.string('title'),
    text: item.string('text'),
    required: item.boolean('required'),
    ...optional('semesterId', item.optionalString('semesterId')),
    ...optional('es', item.spanish(['title', 'text'])),
    publishedAt: item.string('publishedAt'),
    publishedBy: item.string('publishedBy'),
    acceptances: item.number('acceptances', 0),
  }),
});

type StoredAcceptance = PolicyAcceptance & { familyId: string };

const acceptanceEntity = entity<
  StoredAcceptance,
  Pick<StoredAcceptance, 'familyId' | 'studentId' | 'semesterId' | 'policyId' | 'version'>
>({
  type: 'policyAcceptance',
  key: {
    partition: ({ familyId }) => partitions.family(familyId),
    sort: {
      prefix: 'ACCEPTANCE#',
      of: (a) => `${a.studentId}#${a.semesterId}#${a.policyId}#${versionKey(a.version)}`,
    },
  },
  read: (item) => ({
    familyId: item.string('familyId'),
    studentId: item.string('studentId'),
    semesterId: item.string('semesterId'),
    policyId: item.string('policyId'),
    version: item.number('version'),
    title: item.string('title'),
    acceptedAt: item.string('acceptedAt'),
    acceptedBy: {
      sub: item.nested('acceptedBy').string('sub'),
      ...optional('email', item.nested('acceptedBy').optionalString('email')),
    },
  }),
});

/** Every policy's current version, strongly consistent (what an enrollment is judged against). */
export async function currentPolicies(): Promise<CurrentPolicy[]> {
  return policyEntity.inPartition({});
}

/** Whether a policy's version applies to a semester: it names none (every semester), or that one. */
export const appliesTo = (policy: Pick<CurrentPolicy, 'semesterId'>, semesterId: string) =>
  policy.semesterId === undefined || policy.semesterId === semesterId;

/** The policies of a semester a child has not accepted in their current version (required or not). */
export function notAccepted(
  policies: CurrentPolicy[],
  acceptances: Array<Pick<PolicyAcceptance, 'policyId' | 'version'>>,
  semesterId: string,
): CurrentPolicy[] {
  return policies.filter(
    (policy) =>
      appliesTo(policy, semesterId) &&
      !acceptances.some((a) => a.policyId === policy.policyId && a.version === policy.version),
  );
}

/** The versions named, whole, for a family to read (strongly consistent: just published ones too): the required ones first, by title. */
export async function policyTexts(policies: CurrentPolicy[]): Promise<PolicyToAccept[]> {
  const versions = await policyVersionEntity.getMany(policies, { consistent: true });
  const ordered = [...policies].sort(
    (a, b) => Number(b.required) - Number(a.required) || a.title.localeCompare(b.title),
  );
  return ordered.flatMap((policy) => {
    const found = versions.find((v) => v.policyId === policy.policyId && v.version === policy.version);
    if (!found) return [];
    const { publishedBy: _by, acceptances: _count, ...version } = found;
    return [version];
  });
}

/** Every policy with all its versions (newest first) and their acceptances, by title. */
export async function policySummaries(): Promise<PolicySummary[]> {
  const policies = await currentPolicies();
  const summaries = await Promise.all(
    policies.map(async (policy) => {
      const versions = (await policyVersionEntity.inPartition(policy)).sort((a, b) => b.version - a.version);
      const current = versions.find((v) => v.version === policy.version);
      if (!current) return [];
      const { acceptances: _count, ...currentVersion } = current;
      return [
        {
          id: policy.policyId,
          current: currentVersion,
          versions: versions.map(({ text: _text, ...version }) => version),
        },
      ];
    }),
  );
  return summaries.flat().sort((a, b) => a.current.title.localeCompare(b.current.title));
}

/**
 * The items that publish a version: the version (new), and the policy's current version moved on to it,
 * under the condition that it is still the one the administrator read (none, for a new policy).
 */
export function publishItems(
  input: PolicyInput,
  by: string,
  now: string,
): { version: PolicyVersion; items: TransactItem[] } {
  const version: PolicyVersion = {
    policyId: input.id ?? randomUUID(),
    version: (input.basedOnVersion ?? 0) + 1,
    title: input.title,
    text: input.text,
    required: input.required,
    ...optional('semesterId', input.semesterId),
    ...optional('es', givenSpanish(input.es)),
    publishedAt: now,
    publishedBy: by,
  };
  const { text: _text, publishedBy: _by, es, ...english } = version;
  const current: CurrentPolicy = { ...english, ...optional('es', givenSpanish({ title: es?.title })) };
  return {
    version,
    items: [
      policyVersionEntity.putItem({ ...version, acceptances: 0 }, { ifNew: true }),
      input.basedOnVersion === undefined
        ? policyEntity.putItem(current, { ifNew: true })
        : policyEntity.putItem(current, {
            condition: '#version = :read',
            names: { '#version': 'version' },
            values: { ':read': input.basedOnVersion },
          }),
    ],
  };
}

/** The policy's current version, as a transaction's condition: it is still `version`. */
function currentVersionCheck(policyId: string, version: number): TransactItem {
  return policyEntity.checkItem(
    { policyId },
    { condition: '#version = :version', names: { '#version': 'version' }, values: { ':version': version } },
  );
}

/** The items that record one acceptance: the acceptance (once) and its version's count. */
export function acceptanceItems(acceptance: StoredAcceptance): TransactItem[] {
  return [
    acceptanceEntity.putItem(acceptance, { ifNew: true }),
    policyVersionEntity.updateItem(acceptance, { add: { acceptances: 1 }, condition: 'attribute_exists(PK)' }),
    currentVersionCheck(acceptance.policyId, acceptance.version),
  ];
}

/** What a child accepted, for one semester or every one, oldest first. */
export async function acceptancesOf(
  familyId: string,
  studentId: string,
  semesterId?: string,
): Promise<PolicyAcceptance[]> {
  const found = await acceptanceEntity.inPartition(
    { familyId },
    { where: { studentId, ...(semesterId && { semesterId }) } },
  );
  return found
    .map(({ familyId: _family, ...acceptance }) => acceptance)
    .sort((a, b) => a.acceptedAt.localeCompare(b.acceptedAt));
}

/** What each child listed accepted for a semester, by student id (the roster, the students' lists). */
export async function acceptancesOfStudents(
  students: Array<{ familyId: string; studentId: string }>,
  semesterId: string,
): Promise<Map<string, PolicyAcceptance[]>> {
  const unique = [...new Map(students.map((s) => [s.studentId, s])).values()];
  const found = await Promise.all(
    unique.map(async (s) => [s.studentId, await acceptancesOf(s.familyId, s.studentId, semesterId)] as const),
  );
  return new Map(found);
}

/** A refusal's details: the policy versions a child is to accept for a semester, whole, for the enroll dialog. */
export const policiesToAcceptDetails = (studentId: string, semesterId: string, policies: PolicyToAccept[]) => ({
  policiesToAccept: { studentId, semesterId, policies },
});

/** The keys of a child's acceptances for the semesters named, or for every one (their records removed). */
export async function acceptanceKeysOfStudent(
  familyId: string,
  studentId: string,
  semesterIds?: ReadonlySet<string>,
): Promise<Key[]> {
  const found = await acceptanceEntity.inPartition({ familyId }, { where: { studentId } });
  return found.filter((a) => !semesterIds || semesterIds.has(a.semesterId)).map((a) => acceptanceEntity.key(a));
}

/** The keys of every acceptance of a family (to delete them with the account). */
export const acceptanceKeysOfFamily = (familyId: string) => acceptanceEntity.keysInPartition({ familyId });
