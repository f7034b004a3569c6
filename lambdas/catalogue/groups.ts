// Class groups: `GROUP#id / GROUP`; a semester's groups through GSI1 (`SEMESTER#id`, `GROUP#id`).
import type { ClassGroup } from '../contract/records';
import { semesterClassLines, setClassLine } from './classes';
import { entity, optional } from '../platform/entity';
import { linesOf } from './lines';
import { partitions } from '../platform/partitions';

export const groupEntity = entity<ClassGroup, Pick<ClassGroup, 'id'>, 'ofSemester'>({
  type: 'group',
  key: { partition: ({ id }) => `GROUP#${id}`, sort: 'GROUP' },
  lists: {
    ofSemester: {
      index: 'GSI1',
      partition: (g) => partitions.semester(g.semesterId),
      sort: { prefix: 'GROUP#', of: (g) => g.id },
    },
  },
  read: (item) => ({
    id: item.string('id'),
    semesterId: item.string('semesterId'),
    name: item.string('name'),
    description: item.optionalString('description') ?? '',
    classIds: item.strings('classIds'),
    ...optional('es', item.spanish(['description'])),
  }),
});

const byName = (a: ClassGroup, b: ClassGroup) => a.name.localeCompare(b.name);

export async function groupsOfSemester(semesterId: string): Promise<ClassGroup[]> {
  return (await groupEntity.inList('ofSemester', { semesterId })).sort(byName);
}

export async function getGroups(ids: string[]): Promise<ClassGroup[]> {
  return (await groupEntity.getMany(ids.map((id) => ({ id })))).sort(byName);
}

export async function putGroup(group: ClassGroup): Promise<void> {
  await groupEntity.put(group);
}

export async function deleteGroupItem(id: string): Promise<void> {
  await groupEntity.delete({ id });
}

/**
 * Sets the line of every class of a semester as its groups join them now. `change` is the group just
 * saved or deleted: the semester's index may not show it yet.
 */
export async function alignLines(semesterId: string, change: { saved: ClassGroup } | { deletedId: string }) {
  const [stored, listed] = await Promise.all([semesterClassLines(semesterId), groupsOfSemester(semesterId)]);
  const changedId = 'saved' in change ? change.saved.id : change.deletedId;
  const groups = [
    ...listed.filter((group) => group.id !== changedId),
    ...('saved' in change && change.saved.semesterId === semesterId ? [change.saved] : []),
  ];
  const lines = linesOf(stored.keys(), groups);
  await Promise.all(
    [...lines]
      .filter(([id, line]) => stored.has(id) && stored.get(id) !== line)
      .map(([id, line]) => setClassLine(id, line)),
  );
}
