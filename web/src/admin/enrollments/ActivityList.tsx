import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import type { ActivityEntry } from '@contract/records';
import { useMomentText } from '../../layout/RemoteConfig';
import { activityActor, activityText, timeAgo } from './activityText';

/** Audit entries, newest first, each with who acted and when. */
export function ActivityList({ activity, label }: { activity: ActivityEntry[]; label: string }) {
  const moment = useMomentText();
  return (
    <List dense disablePadding aria-label={label}>
      {activity.map((entry, index) => (
        <ListItem key={`${entry.at}-${entry.enrollmentId}-${index}`} divider disableGutters>
          <ListItemText
            primary={activityText(entry)}
            secondary={
              <>
                {activityActor(entry)} ·{' '}
                <time dateTime={entry.at} title={moment(entry.at)}>
                  {timeAgo(entry.at, moment)}
                </time>
              </>
            }
          />
        </ListItem>
      ))}
    </List>
  );
}
