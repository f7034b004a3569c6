// How the policies screen says a version and a semester.
import type { PolicyVersion } from '@contract/records';
import { useFunction } from '../../api/queries';

type Published = Pick<PolicyVersion, 'version' | 'publishedAt' | 'publishedBy'>;
/** How a moment is written (useMomentText). */
type MomentText = (iso: string) => string;

/** "Tue, Mar 3, 2026, 10:00 AM MST by pat@example.com". */
export const publishedWhen = (version: Published, moment: MomentText) =>
  `${moment(version.publishedAt)} by ${version.publishedBy}`;

/** "Version 2, published Tue, Mar 3, 2026, 10:00 AM MST by pat@example.com". */
export const publishedText = (version: Published, moment: MomentText) =>
  `Version ${version.version}, published ${publishedWhen(version, moment)}`;

/** The semesters' names by id, for the policies that apply to one semester. */
export function useSemesterNames() {
  const semesters = useFunction('semesters');
  return (id: string) => semesters.data?.semesters.find((semester) => semester.id === id)?.name ?? 'one semester';
}
