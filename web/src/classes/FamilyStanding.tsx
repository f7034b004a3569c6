// On a class or group card: where each of the family's children stands with it, for those that are enrolled,
// waiting or cannot enroll (a child free to enroll needs no line).
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { rich } from '../i18n/rich';
import { useI18n } from '../i18n/classes';
import type { EnrollTarget } from './enrollTarget';
import { standingLabel, standingOf, type Standing } from './standing';
import type { Family } from './useFamily';

const COLOUR: Record<Standing['kind'], string> = {
  enrolled: 'success.dark',
  waitlisted: 'warning.main',
  unable: 'text.secondary',
  free: 'text.secondary',
};

export function FamilyStanding({ family, target }: { family: Family; target: EnrollTarget }) {
  const { t } = useI18n();
  const lines = family.students.flatMap((student) => {
    const standing = standingOf(student, target, family.enrollments);
    return standing.kind === 'free' ? [] : [{ student, standing }];
  });
  if (lines.length === 0) return null;
  return (
    <Box component="ul" aria-label={t('classes.standing.yourChildren')} sx={{ listStyle: 'none', p: 0, m: 0, mt: 1.5 }}>
      {lines.map(({ student, standing }) => (
        <Typography key={student.id} component="li" variant="body2" sx={{ color: COLOUR[standing.kind] }}>
          {rich(t('classes.standing.line', { name: student.firstName, standing: standingLabel(standing) }), [
            <strong key="name" />,
          ])}
        </Typography>
      ))}
    </Box>
  );
}
