// Loads a named function's result for a screen: loading, then loaded or error, with a reload.
import { useCallback, useEffect, useState } from 'react';
import type { CachedFunctionName, FunctionInput, FunctionName, FunctionResult } from '../../../lambdas/manifest';
import { ApiError, callFunction, readCatalogue } from './client';

export type Loadable<T> = { state: 'loading' } | { state: 'error'; error: ApiError } | { state: 'loaded'; data: T };

export function asApiError(error: unknown): ApiError {
  return error instanceof ApiError ? error : new ApiError('internal', 'Something went wrong. Please try again.', 0);
}

/** Calls `name` with `payload` when the screen mounts and whenever the payload changes. */
export function useFunction<N extends FunctionName>(
  name: N,
  payload?: FunctionInput<N>,
): Loadable<FunctionResult<N>> & { reload: () => void } {
  return useLoaded(name, payload, callFunction as (name: N, payload: unknown) => Promise<FunctionResult<N>>);
}

/** useFunction for a public catalogue read, as its cacheable GET (readCatalogue). */
export function useCatalogueRead<N extends CachedFunctionName>(
  name: N,
  payload?: FunctionInput<N>,
): Loadable<FunctionResult<N>> & { reload: () => void } {
  return useLoaded(name, payload, readCatalogue as (name: N, payload: unknown) => Promise<FunctionResult<N>>);
}

function useLoaded<N extends FunctionName>(
  name: N,
  payload: FunctionInput<N> | undefined,
  load: (name: N, payload: unknown) => Promise<FunctionResult<N>>,
) {
  const [loadable, setLoadable] = useState<Loadable<FunctionResult<N>>>({ state: 'loading' });
  const [generation, setGeneration] = useState(0);
  const key = JSON.stringify(payload ?? {});
  useEffect(() => {
    let current = true;
    setLoadable({ state: 'loading' });
    load(name, JSON.parse(key)).then(
      (data) => current && setLoadable({ state: 'loaded', data }),
      (error: unknown) => current && setLoadable({ state: 'error', error: asApiError(error) }),
    );
    return () => {
      current = false;
    };
  }, [name, key, generation, load]);
  const reload = useCallback(() => setGeneration((value) => value + 1), []);
  return { ...loadable, reload };
}
