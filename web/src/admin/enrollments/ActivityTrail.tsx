// The semester's enrollment audit trail, newest first, a page at a time. (Mount it once per semester.)
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useEffect, useState } from 'react';
import type { ActivityEntry } from '../../../../lambdas/records';
import type { ApiError } from '../../api/client';
import { callFunction } from '../../api/client';
import { asApiError } from '../../api/useFunction';
import { LoadFailure } from '../../layout/LoadFailure';
import { Waiting } from '../../layout/Waiting';
import { ActivityList } from './ActivityList';

export function ActivityTrail({ semesterId }: { semesterId: string }) {
  const [activity, setActivity] = useState<ActivityEntry[]>([]);
  const [nextCursor, setNextCursor] = useState<string>();
  // The page being loaded: undefined for the newest one.
  const [cursor, setCursor] = useState<string>();
  const [loading, setLoading] = useState(true);
  const [error, setError] = useState<ApiError>();
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    let current = true;
    setLoading(true);
    setError(undefined);
    callFunction('enrollmentActivity', { semesterId, ...(cursor && { cursor }) })
      .then(
        (page) => {
          if (!current) return;
          setActivity((loaded) => [...loaded, ...page.activity]);
          setNextCursor(page.nextCursor);
        },
        (failure: unknown) => current && setError(asApiError(failure)),
      )
      .finally(() => current && setLoading(false));
    return () => {
      current = false;
    };
  }, [semesterId, cursor, attempt]);

  return (
    <Stack spacing={1}>
      {activity.length > 0 && <ActivityList activity={activity} label="Enrollment activity" />}
      {!loading && !error && activity.length === 0 && (
        <Typography color="text.secondary">No enrollment activity in this semester yet.</Typography>
      )}
      {loading && <Waiting />}
      {error && <LoadFailure what="The activity" error={error} onRetry={() => setAttempt((value) => value + 1)} />}
      {!loading && !error && nextCursor && (
        <Button onClick={() => setCursor(nextCursor)} sx={{ alignSelf: 'flex-start' }}>
          Load more
        </Button>
      )}
    </Stack>
  );
}
