// GSI1 lists a semester's classes and class groups: partition `SEMESTER#id`, sort key `CLASS#id` or
// `GROUP#id`. The one place that spells that index's keys for them.
import { queryAll, type Item } from '../shared/dynamo';
import type { IndexName } from './table';

const SEMESTER_INDEX: IndexName = 'GSI1';

type SemesterItemKind = 'CLASS' | 'GROUP';

/** The index keys that list an item of `kind` under its semester. */
export function semesterIndexKeys(
  semesterId: string,
  kind: SemesterItemKind,
  id: string,
): { GSI1PK: string; GSI1SK: string } {
  return { GSI1PK: `SEMESTER#${semesterId}`, GSI1SK: `${kind}#${id}` };
}

/** Every class (or every group) of a semester, as stored. */
export function semesterItems(semesterId: string, kind: SemesterItemKind): Promise<Item[]> {
  return queryAll({
    IndexName: SEMESTER_INDEX,
    KeyConditionExpression: 'GSI1PK = :semester AND begins_with(GSI1SK, :kind)',
    ExpressionAttributeValues: { ':semester': `SEMESTER#${semesterId}`, ':kind': `${kind}#` },
  });
}
