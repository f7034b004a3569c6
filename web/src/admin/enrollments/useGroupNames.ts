import { useEffect, useState } from 'react';
import { callFunction } from '../../api/client';

const PER_CALL = 100;

/** The names of the class groups students enrolled through; until they arrive (or if they cannot), none. */
export function useGroupNames(groupIds: string[]): Map<string, string> {
  const key = [...new Set(groupIds)].sort().join(',');
  const [names, setNames] = useState(new Map<string, string>());
  useEffect(() => {
    if (!key) return;
    let current = true;
    const ids = key.split(',');
    const calls = Array.from({ length: Math.ceil(ids.length / PER_CALL) }, (_, index) =>
      callFunction('classGroups', {
        groups: ids.slice(index * PER_CALL, (index + 1) * PER_CALL).map((id) => ({ id })),
      }),
    );
    // A name is a courtesy here: without it the list says "a class group" and still works.
    Promise.all(calls).then(
      (answers) =>
        current &&
        setNames(
          new Map(answers.flatMap(({ groups }) => groups.map((group): [string, string] => [group.id, group.name]))),
        ),
      () => undefined,
    );
    return () => {
      current = false;
    };
  }, [key]);
  return names;
}
