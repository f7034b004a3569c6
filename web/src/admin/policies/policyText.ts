// How the policies screen says a version and a semester.
import type { PolicyVersion } from '@contract/records';
import { useFunction } from '../../api/queries';
import { momentText } from '../../layout/schedule';

type Published = Pick<PolicyVersion, 'version' | 'publishedAt' | 'publishedBy'>;

/** "Mar 3, 2026, 10:00 by pat@example.com". */
export const publishedWhen = (version: Published) => `${momentText(version.publishedAt)} by ${version.publishedBy}`;

/** "Version 2, published Mar 3, 2026, 10:00 by pat@example.com". */
export const publishedText = (version: Published) => `Version ${version.version}, published ${publishedWhen(version)}`;

/** The semesters' names by id, for the policies that apply to one semester. */
export function useSemesterNames() {
  const semesters = useFunction('semesters');
  return (id: string) => semesters.data?.semesters.find((semester) => semester.id === id)?.name ?? 'one semester';
}
