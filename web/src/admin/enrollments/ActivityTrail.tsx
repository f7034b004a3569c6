// The semester's enrollment audit trail, newest first, a page at a time.
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { usePagedFunction } from '../../api/queries';
import { LoadFailure } from '../../layout/LoadFailure';
import { Waiting } from '../../layout/Waiting';
import { ActivityList } from './ActivityList';

export function ActivityTrail({ semesterId }: { semesterId: string }) {
  const trail = usePagedFunction('enrollmentActivity', { semesterId });
  const activity = trail.data?.pages.flatMap((page) => page.activity) ?? [];
  const loading = trail.isFetching;
  const error = loading ? null : trail.error;
  // A page that failed is asked for again: the next one, or all of them.
  const retry = () => void (trail.isFetchNextPageError ? trail.fetchNextPage() : trail.refetch());

  return (
    <Stack spacing={1}>
      {activity.length > 0 && <ActivityList activity={activity} label="Enrollment activity" />}
      {!loading && !error && activity.length === 0 && (
        <Typography color="text.secondary">No enrollment activity in this semester yet.</Typography>
      )}
      {loading && <Waiting />}
      {error && <LoadFailure what="The activity" error={error} onRetry={retry} />}
      {!loading && !error && trail.hasNextPage && (
        <Button onClick={() => void trail.fetchNextPage()} sx={{ alignSelf: 'flex-start' }}>
          Load more
        </Button>
      )}
    </Stack>
  );
}
