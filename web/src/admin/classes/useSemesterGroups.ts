// A semester's class groups. The back end has no "every group of a semester" yet: availableEnrollmentClasses
// lists only the groups of semesters open for registration whose classes are all open. Until it does, the
// groups saved on this screen since the page loaded are added by id (classGroups), so a new group never vanishes.
import { useCallback, useEffect, useState } from 'react';
import type { ClassGroup } from '../../../../lambdas/records';
import { callFunction } from '../../api/client';
import { asApiError, type Loadable } from '../../api/useFunction';
import { byName } from './classLookup';

const savedHere = new Map<string, Set<string>>();

interface SemesterGroups {
  groups: ClassGroup[];
  /** Whether the semester is open for registration, the only case the back end lists its groups. */
  listedByServer: boolean;
}

export function useSemesterGroups(semesterId: string) {
  const [loadable, setLoadable] = useState<Loadable<SemesterGroups>>({ state: 'loading' });
  const [generation, setGeneration] = useState(0);
  useEffect(() => {
    let current = true;
    setLoadable({ state: 'loading' });
    void (async () => {
      const open = (await callFunction('availableEnrollmentClasses'))[semesterId];
      const listed = open?.groups ?? [];
      const others = [...(savedHere.get(semesterId) ?? [])].filter((id) => !listed.some((group) => group.id === id));
      const more = others.length > 0 ? (await callFunction('classGroups', { groups: others.map((id) => ({ id })) })).groups : [];
      return { groups: [...listed, ...more].sort(byName), listedByServer: open !== undefined };
    })().then(
      (data) => current && setLoadable({ state: 'loaded', data }),
      (error: unknown) => current && setLoadable({ state: 'error', error: asApiError(error) }),
    );
    return () => {
      current = false;
    };
  }, [semesterId, generation]);
  const reload = useCallback(() => setGeneration((value) => value + 1), []);
  const saved = useCallback(
    (group: ClassGroup) => {
      savedHere.set(semesterId, new Set([...(savedHere.get(semesterId) ?? []), group.id]));
      reload();
    },
    [semesterId, reload],
  );
  const deleted = useCallback(
    (group: ClassGroup) => {
      savedHere.get(semesterId)?.delete(group.id);
      reload();
    },
    [semesterId, reload],
  );
  return { ...loadable, reload, saved, deleted };
}
