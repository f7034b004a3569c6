// What screens show, loaded with TanStack Query on top of the typed client. Every answer is a query keyed by
// the function's name and payload: [name, payload, the user's sub] for a call made as the signed-in user (so
// nobody is ever shown another user's answer), [name, payload, 'public'] for a public catalogue read through
// its cacheable GET. Screens asking the same thing share one call and one answer. A query is loading
// (isPending), failed (error, an ApiError) or loaded (data); refetch() tries again. After a change the
// queries it touches load again (./changes).
import { i18n } from '@lingui/core';
import { QueryClient, useInfiniteQuery, useQuery, type UseQueryResult } from '@tanstack/react-query';
import type { CachedFunctionName, FunctionInput, FunctionName, FunctionResult } from '@contract/manifest';
import { type ApiError, asApiError, callFunction, readCatalogue } from './client';
import { useAuth } from './session';

declare module '@tanstack/react-query' {
  interface Register {
    defaultError: ApiError;
  }
}

export const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      // The client itself sends a call again after API Gateway's throttling; any other failure is shown with
      // a Retry button. Retrying here too would multiply the calls when the portal is busiest.
      retry: false,
      // A screen loads what it shows when it opens, not again each time the window gets the focus.
      refetchOnWindowFocus: false,
      // Offline, a call fails at once with "The portal could not be reached" rather than waiting unseen.
      networkMode: 'always',
    },
    mutations: { retry: false, networkMode: 'always' },
  },
});

// Some answers carry words the server writes in the language asked (why a family may not enroll yet): once another
// language is shown, the signed-in user's answers are loaded again in it. (Lingui's one instance, read directly
// as ./client does: the catalogue modules sit above the API.)
let answersIn = i18n.locale;
i18n.on('change', () => {
  if (i18n.locale === answersIn) return;
  answersIn = i18n.locale;
  void queryClient.invalidateQueries({ predicate: (query) => query.queryKey[2] !== 'public' });
});

/** The key of a call made as the user `sub` (none for a visitor). */
export const functionKey = <N extends FunctionName>(name: N, payload: FunctionInput<N> | undefined, sub?: string) =>
  [name, payload ?? {}, sub ?? null] as const;

export const publicKey = <N extends CachedFunctionName>(name: N, payload?: FunctionInput<N>) =>
  [name, payload ?? {}, 'public'] as const;

type Call = <N extends FunctionName>(name: N, payload?: FunctionInput<N>) => Promise<FunctionResult<N>>;

/** A function's answer (POST, with the user's token); a failure is always an ApiError. */
export const fetchFunction: Call = (name, payload) =>
  (callFunction as Call)(name, payload).catch((error: unknown) => {
    throw asApiError(error);
  });

/** A public catalogue read's answer, through its cacheable GET. */
export const fetchCatalogue = <N extends CachedFunctionName>(name: N, payload?: FunctionInput<N>) =>
  (readCatalogue as Call)(name, payload).catch((error: unknown) => {
    throw asApiError(error);
  });

/** The key function of the signed-in user's calls. */
export function useFunctionKey() {
  const sub = useAuth().user?.sub;
  return <N extends FunctionName>(name: N, payload?: FunctionInput<N>) => functionKey(name, payload, sub);
}

/**
 * Calls `name` with `payload` while a screen shows it, and again when the payload changes. `staleTime`: how
 * long another screen showing it reuses the answer instead of calling again (a change still makes it stale).
 */
export function useFunction<N extends FunctionName>(
  name: N,
  payload?: FunctionInput<N>,
  { enabled = true, staleTime = 0 } = {},
): UseQueryResult<FunctionResult<N>> {
  const key = useFunctionKey();
  return useQuery({ queryKey: key(name, payload), queryFn: () => fetchFunction(name, payload), enabled, staleTime });
}

/** useFunction for a public catalogue read, as its cacheable GET: the same for every visitor. */
export function useCatalogueRead<N extends CachedFunctionName>(
  name: N,
  payload?: FunctionInput<N>,
  { enabled = true } = {},
): UseQueryResult<FunctionResult<N>> {
  return useQuery({ queryKey: publicKey(name, payload), queryFn: () => fetchCatalogue(name, payload), enabled });
}

/** The functions that answer a page at a time, each page naming the cursor of the next. */
type PagedName = 'semesterEnrollments' | 'enrollmentActivity';

/** A paged function's pages, from the first; fetchNextPage() asks for the next while hasNextPage. */
export function usePagedFunction<N extends PagedName>(
  name: N,
  payload: Omit<FunctionInput<N>, 'cursor'>,
  { enabled = true } = {},
) {
  const key = useFunctionKey();
  return useInfiniteQuery({
    queryKey: key(name, payload as FunctionInput<N>),
    queryFn: ({ pageParam }) =>
      fetchFunction(name, { ...payload, ...(pageParam && { cursor: pageParam }) } as FunctionInput<N>),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (page: FunctionResult<N>) => page.nextCursor,
    enabled,
  });
}
