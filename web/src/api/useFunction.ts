// Loads a named function's result for a screen: loading, then loaded or error, with a reload.
import { useCallback, useEffect, useState } from 'react';
import type { FunctionInput, FunctionName, FunctionResult } from '../../../lambdas/manifest';
import { ApiError, callFunction } from './client';

export type Loadable<T> = { state: 'loading' } | { state: 'error'; error: ApiError } | { state: 'loaded'; data: T };

export function asApiError(error: unknown): ApiError {
  return error instanceof ApiError ? error : new ApiError('internal', 'Something went wrong. Please try again.', 0);
}

/** Calls `name` with `payload` when the screen mounts and whenever the payload changes. */
export function useFunction<N extends FunctionName>(name: N, payload?: FunctionInput<N>): Loadable<FunctionResult<N>> & { reload: () => void } {
  const [loadable, setLoadable] = useState<Loadable<FunctionResult<N>>>({ state: 'loading' });
  const [generation, setGeneration] = useState(0);
  const key = JSON.stringify(payload ?? {});
  useEffect(() => {
    let current = true;
    setLoadable({ state: 'loading' });
    (callFunction as (name: N, payload: unknown) => Promise<FunctionResult<N>>)(name, JSON.parse(key)).then(
      (data) => current && setLoadable({ state: 'loaded', data }),
      (error: unknown) => current && setLoadable({ state: 'error', error: asApiError(error) }),
    );
    return () => {
      current = false;
    };
  }, [name, key, generation]);
  const reload = useCallback(() => setGeneration((value) => value + 1), []);
  return { ...loadable, reload };
}
