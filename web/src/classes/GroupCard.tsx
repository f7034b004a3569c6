import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardActions from '@mui/material/CardActions';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import Typography from '@mui/material/Typography';
import type { Class, ClassGroup } from '@contract/records';
import { useProgrammeTimeZone } from '../layout/RemoteConfig';
import { scheduleSummary } from '../layout/schedule';
import { FamilyStanding } from './FamilyStanding';
import type { Family } from './useFamily';

/**
 * A class group: one enrollment that takes a seat in each of its classes, or waits for all of them. Without
 * `onEnroll` (the family may not enroll yet) the card only informs.
 */
export function GroupCard({
  group,
  classes,
  family,
  onEnroll,
}: {
  group: ClassGroup;
  classes: Class[];
  family?: Family;
  onEnroll?: (group: ClassGroup) => void;
}) {
  const full = classes.some((cls) => cls.seatsLeft === 0);
  const timeZone = useProgrammeTimeZone();
  return (
    <Card
      component="article"
      aria-labelledby={`group-${group.id}`}
      variant="outlined"
      sx={{ height: '100%', display: 'flex', flexDirection: 'column', borderColor: 'secondary.main' }}
    >
      <CardContent sx={{ flex: 1 }}>
        <Typography id={`group-${group.id}`} variant="h6" component="h3" gutterBottom>
          {group.name}
        </Typography>
        <Chip
          size="small"
          color={full ? 'warning' : 'success'}
          variant={full ? 'filled' : 'outlined'}
          label={full ? (onEnroll ? 'Full – join waitlist' : 'Full') : `${classes.length} classes together`}
          sx={{ mb: 1.5 }}
        />
        {group.description && (
          <Typography variant="body2" sx={{ mb: 1 }}>
            {group.description}
          </Typography>
        )}
        <ul style={{ margin: 0, paddingLeft: '1.2rem' }}>
          {classes.map((cls) => (
            <li key={cls.id}>
              <Typography variant="body2">
                <strong>{cls.name}</strong> — {scheduleSummary(cls.meetings, timeZone)}
              </Typography>
            </li>
          ))}
        </ul>
        {family && <FamilyStanding family={family} target={{ kind: 'group', group, classes }} />}
      </CardContent>
      {onEnroll && (
        <CardActions sx={{ px: 2, pb: 2 }}>
          <Button
            variant={full ? 'outlined' : 'contained'}
            color="secondary"
            onClick={() => onEnroll(group)}
            aria-label={`${full ? 'Join waitlist for' : 'Enroll in group'} ${group.name}`}
          >
            {full ? 'Join waitlist' : 'Enroll in group'}
          </Button>
        </CardActions>
      )}
    </Card>
  );
}
