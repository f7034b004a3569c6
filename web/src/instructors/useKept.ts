// A class-day answer loaded while there is signal, and the copy kept on the phone shown while there is none. A
// refusal (the login is no instructor, or no longer of this class) is never answered from the kept copy, and forgets it.
import { useEffect, useMemo } from 'react';
import type { FunctionInput, FunctionResult } from '@contract/manifest';
import { forgetAnswer, keepAnswer, keptAnswer } from '../api/classDayOnDevice';
import { useFunction } from '../api/queries';

type KeptName = 'instructorClasses' | 'classDayRoster';

const keptNameOf = <N extends KeptName>(name: N, payload: FunctionInput<N>) => `${name}:${JSON.stringify(payload)}`;

/** A child's name on a roster kept on the phone, if it is there. */
export function keptChildName(sub: string, classId: string, studentId: string): string | undefined {
  const roster = keptAnswer<FunctionResult<'classDayRoster'>>(sub, keptNameOf('classDayRoster', { classId }));
  const child = roster?.children.find((entry) => entry.studentId === studentId);
  return child && `${child.firstName} ${child.lastName}`;
}

export function useKept<N extends KeptName>(sub: string, name: N, payload: FunctionInput<N>) {
  const query = useFunction(name, payload);
  const keptName = keptNameOf(name, payload);
  const kept = useMemo(() => keptAnswer<FunctionResult<N>>(sub, keptName), [sub, keptName]);
  useEffect(() => {
    if (query.data) keepAnswer(sub, keptName, query.data);
  }, [sub, keptName, query.data]);
  // Not reached (no answer, or the gateway's 5xx): the kept copy, if any.
  const unreachable = query.isError && (query.error.status === 0 || query.error.status >= 500);
  const refused = query.isError && (query.error.status === 403 || query.error.status === 404);
  useEffect(() => {
    if (refused) forgetAnswer(sub, keptName);
  }, [sub, keptName, refused]);
  // Refused (no longer this class's instructor): nothing of the roster stays on screen.
  const data = query.isError && !unreachable ? undefined : (query.data ?? (unreachable ? kept : undefined));
  // What was loaded before, in this page or kept on the phone: said to be as it was when last loaded.
  return { query, data, fromPhone: unreachable && data !== undefined };
}
