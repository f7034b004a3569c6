import EventIcon from '@mui/icons-material/Event';
import PersonIcon from '@mui/icons-material/Person';
import PlaceIcon from '@mui/icons-material/Place';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardActions from '@mui/material/CardActions';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import type { Class } from '@contract/records';
import { useProgrammeTimeZone } from '../layout/RemoteConfig';
import { useI18n } from '../i18n/classes';
import { gradesLabel, scheduleSummary, seatsLabel } from '../layout/schedule';
import { FamilyStanding } from './FamilyStanding';
import type { Family } from './useFamily';
import { Written } from '../i18n/Written';

function Detail({ icon, children }: { icon: ReactNode; children: ReactNode }) {
  return (
    <Stack direction="row" spacing={1} sx={{ alignItems: 'flex-start', color: 'text.secondary' }}>
      {icon}
      <Typography variant="body2">{children}</Typography>
    </Stack>
  );
}

/**
 * A class as a family weighs it: when, where, with whom, for which grades, how many seats are left, and, once
 * signed in, where each of the family's children stands with it. Without `onEnroll` (registration closed) the
 * card only informs.
 */
export function ClassCard({ cls, family, onEnroll }: { cls: Class; family?: Family; onEnroll?: (cls: Class) => void }) {
  const full = cls.seatsLeft === 0;
  const timeZone = useProgrammeTimeZone();
  const { t } = useI18n();
  return (
    <Card
      component="article"
      aria-labelledby={`class-${cls.id}`}
      variant="outlined"
      sx={{ height: '100%', display: 'flex', flexDirection: 'column' }}
    >
      <CardContent sx={{ flex: 1 }}>
        <Typography id={`class-${cls.id}`} variant="h6" component="h3" gutterBottom>
          {cls.name}
        </Typography>
        <Stack direction="row" spacing={1} sx={{ mb: 1.5, flexWrap: 'wrap', rowGap: 1 }}>
          <Chip size="small" label={gradesLabel(cls)} />
          <Chip
            size="small"
            color={full ? 'warning' : 'success'}
            variant={full ? 'filled' : 'outlined'}
            // A card that only informs offers no waitlist to join.
            label={onEnroll || !full ? seatsLabel(cls) : t('classes.card.full')}
          />
        </Stack>
        <Stack spacing={0.75}>
          <Detail icon={<EventIcon fontSize="small" />}>{scheduleSummary(cls.meetings, timeZone)}</Detail>
          {cls.location && <Detail icon={<PlaceIcon fontSize="small" />}>{cls.location}</Detail>}
          {cls.instructor && <Detail icon={<PersonIcon fontSize="small" />}>{cls.instructor}</Detail>}
        </Stack>
        {cls.description && (
          <Typography variant="body2" sx={{ mt: 1.5 }}>
            <Written en={cls.description} es={cls.es?.description} />
          </Typography>
        )}
        {family && <FamilyStanding family={family} target={{ kind: 'class', cls }} />}
      </CardContent>
      {onEnroll && (
        <CardActions sx={{ px: 2, pb: 2 }}>
          <Button
            variant={full ? 'outlined' : 'contained'}
            onClick={() => onEnroll(cls)}
            aria-label={t(full ? 'classes.card.joinWaitlistFor' : 'classes.card.enrollIn', { name: cls.name })}
          >
            {t(full ? 'classes.card.joinWaitlist' : 'classes.card.enroll')}
          </Button>
        </CardActions>
      )}
    </Card>
  );
}
