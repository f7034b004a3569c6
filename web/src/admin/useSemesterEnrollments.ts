// Every enrollment of a semester, loaded a page at a time from semesterEnrollments (no table scan), one page
// after another until the list is complete: the screen shows the pages as they arrive. Loaded again (after an
// administrator's action), the last complete list stays on screen until the new one is in, so the
// administrator keeps their place.
import { useEffect, useMemo } from 'react';
import type { SemesterEnrollment } from '@contract/records';
import type { ApiError } from '../api/client';
import { usePagedFunction } from '../api/queries';

export interface SemesterEnrollments {
  enrollments: SemesterEnrollment[];
  /** True until the last page arrived. */
  loading: boolean;
  /** Loading again, with the last complete list still shown. */
  refreshing: boolean;
  error?: ApiError;
  reload: () => void;
}

export function useSemesterEnrollments(semesterId: string | undefined): SemesterEnrollments {
  const pages = usePagedFunction('semesterEnrollments', { semesterId }, { enabled: semesterId !== undefined });
  const { data, error, hasNextPage, isFetching, isFetchingNextPage, isPending, fetchNextPage, refetch } = pages;
  useEffect(() => {
    if (hasNextPage && !isFetching && !error) void fetchNextPage();
  }, [hasNextPage, isFetching, error, fetchNextPage]);
  const enrollments = useMemo(() => data?.pages.flatMap((page) => page.enrollments) ?? [], [data]);
  return {
    enrollments,
    loading: !error && (isPending || isFetching || hasNextPage),
    refreshing: isFetching && !isPending && !isFetchingNextPage,
    error: error ?? undefined,
    reload: () => void refetch(),
  };
}
