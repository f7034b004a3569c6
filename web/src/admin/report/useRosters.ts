// The rosters of the chosen classes, loaded a few at a time so a semester of 60 classes does not send
// 60 calls at once; each class shows as soon as its roster arrives.
import { useCallback, useEffect, useRef, useState } from 'react';
import { callFunction } from '../../api/client';
import { asApiError, type Loadable } from '../../api/useFunction';
import type { Roster } from './roster';

const AT_ONCE = 6;

interface Rosters {
  /** By class id; a class not yet asked for is missing (read it as loading). */
  rosters: Record<string, Loadable<Roster>>;
  retry: (classId: string) => void;
}

export function useRosters(classIds: string[]): Rosters {
  const [rosters, setRosters] = useState<Rosters['rosters']>({});
  // Answers for an earlier choice of classes are dropped.
  const run = useRef(0);
  const load = useCallback(async (classId: string, ofRun: number) => {
    let loaded: Loadable<Roster>;
    try {
      loaded = { state: 'loaded', data: await callFunction('classRoster', { classId }) };
    } catch (error) {
      loaded = { state: 'error', error: asApiError(error) };
    }
    if (run.current === ofRun) setRosters((current) => ({ ...current, [classId]: loaded }));
  }, []);

  const key = classIds.join(',');
  useEffect(() => {
    const thisRun = (run.current += 1);
    const queue = key ? key.split(',') : [];
    setRosters({});
    const worker = async () => {
      for (let classId = queue.shift(); classId && run.current === thisRun; classId = queue.shift())
        await load(classId, thisRun);
    };
    for (let index = 0; index < AT_ONCE; index += 1) void worker();
  }, [key, load]);

  const retry = useCallback(
    (classId: string) => {
      setRosters((current) => ({ ...current, [classId]: { state: 'loading' } }));
      void load(classId, run.current);
    },
    [load],
  );
  return { rosters, retry };
}
