import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardActions from '@mui/material/CardActions';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import Typography from '@mui/material/Typography';
import type { Class, ClassGroup } from '@contract/records';
import { useProgrammeTimeZone } from '../layout/RemoteConfig';
import { rich } from '../i18n/rich';
import { useI18n } from '../i18n/classes';
import { scheduleSummary } from '../layout/schedule';
import { FamilyStanding } from './FamilyStanding';
import type { Family } from './useFamily';
import { Written } from '../i18n/Written';

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
  const { t } = useI18n();
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
          label={
            full
              ? t(onEnroll ? 'classes.card.fullJoin' : 'classes.card.full')
              : t('classes.group.together', { count: classes.length })
          }
          sx={{ mb: 1.5 }}
        />
        {group.description && (
          <Typography variant="body2" sx={{ mb: 1 }}>
            <Written en={group.description} es={group.es?.description} />
          </Typography>
        )}
        <ul style={{ margin: 0, paddingLeft: '1.2rem' }}>
          {classes.map((cls) => (
            <li key={cls.id}>
              <Typography variant="body2">
                {rich(
                  t('classes.group.classLine', { name: cls.name, schedule: scheduleSummary(cls.meetings, timeZone) }),
                  [<strong key="name" />],
                )}
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
            aria-label={t(full ? 'classes.card.joinWaitlistFor' : 'classes.group.enrollIn', { name: group.name })}
          >
            {t(full ? 'classes.card.joinWaitlist' : 'classes.group.enroll')}
          </Button>
        </CardActions>
      )}
    </Card>
  );
}
