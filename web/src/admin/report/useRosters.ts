// The rosters of the chosen classes, loaded a few at a time so a semester of 60 classes does not send
// 60 calls at once; each class shows as soon as its roster arrives.
import { type UseQueryResult, useQueries } from '@tanstack/react-query';
import { fetchFunction, useFunctionKey } from '../../api/queries';
import type { Roster } from './roster';

const AT_ONCE = 6;

/** Runs at most `limit` loads at once, the others waiting their turn; a load no longer wanted is skipped. */
function inTurns(limit: number) {
  let running = 0;
  const waiting: Array<() => void> = [];
  return async <T>(signal: AbortSignal, load: () => Promise<T>): Promise<T> => {
    while (running >= limit) await new Promise<void>((turn) => waiting.push(turn));
    running += 1;
    try {
      signal.throwIfAborted();
      return await load();
    } finally {
      running -= 1;
      waiting.shift()?.();
    }
  };
}

const rosterTurns = inTurns(AT_ONCE);

/** Each class's roster, in the order of the classes. */
export function useRosters(classIds: string[]): UseQueryResult<Roster>[] {
  const key = useFunctionKey();
  return useQueries({
    queries: classIds.map((classId) => ({
      queryKey: key('classRoster', { classId }),
      queryFn: ({ signal }: { signal: AbortSignal }) =>
        rosterTurns(signal, () => fetchFunction('classRoster', { classId })),
    })),
  });
}
