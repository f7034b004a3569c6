import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import { GRADES } from '@contract/grades';
import { useI18n } from '../i18n/classes';
import { gradeText } from '../layout/schedule';
import { WeekdayToggles } from '../layout/WeekdayToggles';

export interface Filters {
  /** Days of the week (0 = Sunday); empty means any day. */
  days: number[];
  grade?: number;
}

/** Narrowing the list by the days a family is free and a child's grade. */
export function ClassFilters({ filters, onChange }: { filters: Filters; onChange: (filters: Filters) => void }) {
  const { t } = useI18n();
  return (
    <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ alignItems: { sm: 'center' } }}>
      <WeekdayToggles
        days={filters.days}
        onChange={(days) => onChange({ ...filters, days })}
        aria-label={t('classes.filters.days')}
        sx={{ flexWrap: 'wrap' }}
      />
      {/* A native select: the grade list needs no menu machinery on the page every visitor loads. */}
      <Box component="label" sx={{ display: 'flex', alignItems: 'center', gap: 1, typography: 'body2' }}>
        {t('classes.filters.grade')}
        <Box
          component="select"
          value={filters.grade === undefined ? '' : String(filters.grade)}
          onChange={(event: React.ChangeEvent<HTMLSelectElement>) =>
            onChange({ ...filters, grade: event.target.value === '' ? undefined : Number(event.target.value) })
          }
          sx={{
            font: 'inherit',
            py: 0.75,
            px: 1,
            borderRadius: 1,
            border: 1,
            borderColor: 'divider',
            bgcolor: 'background.paper',
            minWidth: 140,
          }}
        >
          <option value="">{t('classes.filters.anyGrade')}</option>
          {GRADES.map((grade) => (
            <option key={grade} value={String(grade)}>
              {gradeText(grade)}
            </option>
          ))}
        </Box>
      </Box>
    </Stack>
  );
}
