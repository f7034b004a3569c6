import { useQueries } from '@tanstack/react-query';
import { fetchFunction, useFunctionKey } from '../../api/queries';

const PER_CALL = 100;

type Answers = Array<{ data?: { groups: Array<{ id: string; name: string }> } }>;

// A name is a courtesy here: without it the list says "a class group" and still works.
const namesOf = (answers: Answers) =>
  new Map(answers.flatMap(({ data }) => data?.groups.map((group): [string, string] => [group.id, group.name]) ?? []));

/** The names of the class groups students enrolled through; until they arrive (or if they cannot), none. */
export function useGroupNames(groupIds: string[]): Map<string, string> {
  const key = useFunctionKey();
  const ids = [...new Set(groupIds)].sort();
  const calls = Array.from({ length: Math.ceil(ids.length / PER_CALL) }, (_, index) => ({
    groups: ids.slice(index * PER_CALL, (index + 1) * PER_CALL).map((id) => ({ id })),
  }));
  return useQueries({
    queries: calls.map((payload) => ({
      queryKey: key('classGroups', payload),
      queryFn: () => fetchFunction('classGroups', payload),
    })),
    combine: namesOf,
  });
}
