// The seven weekday toggles (the class filters, the weekly repeat helper). Each shows "Sun", "Mon"… ("dom",
// "lun"… in Spanish) and is named "Sunday", "Monday"… by the whole word kept for screen readers only, so the accessible name begins
// with the visible text (WCAG 2.5.3). A chosen day is filled and checked, not only shaded.
import Check from '@mui/icons-material/Check';
import Box, { type BoxProps } from '@mui/material/Box';
import Button from '@mui/material/Button';
import { useI18n } from '../i18n/schedule';
import { WEEKDAYS, weekdayName } from './schedule';

/** Read by screen readers, not shown. */
const visuallyHidden = {
  position: 'absolute',
  width: 1,
  height: 1,
  overflow: 'hidden',
  clip: 'rect(0 0 0 0)',
  whiteSpace: 'nowrap',
} as const;

type GroupLabel = Pick<BoxProps, 'aria-label' | 'aria-labelledby' | 'sx'>;

/**
 * Buttons pressed or not in a group, joined as one bar, rather than MUI's ToggleButtonGroup: the class filters are on
 * the page every visitor loads first, and the Button it already carries costs nothing more (about 2 KB gzipped less
 * for the start's budget).
 */
export function WeekdayToggles({
  days,
  onChange,
  sx,
  ...group
}: { days: number[]; onChange: (days: number[]) => void } & GroupLabel) {
  const { language } = useI18n();
  return (
    <Box role="group" {...group} sx={[{ display: 'inline-flex' }, ...(Array.isArray(sx) ? sx : [sx])]}>
      {WEEKDAYS.map((day, index) => {
        const chosen = days.includes(index);
        return (
          <Button
            key={day}
            variant={chosen ? 'contained' : 'outlined'}
            disableElevation
            size="small"
            color={chosen ? 'primary' : 'inherit'}
            aria-pressed={chosen}
            onClick={() => onChange(chosen ? days.filter((other) => other !== index) : [...days, index])}
            sx={{
              gap: 0.5,
              minWidth: 0,
              px: 1.25,
              borderRadius: 0,
              borderColor: 'divider',
              '&:first-of-type': { borderTopLeftRadius: 4, borderBottomLeftRadius: 4 },
              '&:last-of-type': { borderTopRightRadius: 4, borderBottomRightRadius: 4 },
              '&:not(:first-of-type)': { ml: '-1px' },
              ...(chosen && { border: 1, borderColor: 'primary.main', zIndex: 1 }),
            }}
          >
            {chosen && <Check fontSize="inherit" aria-hidden />}
            <span aria-hidden>{weekdayName(index, language, 'short')}</span>
            <Box component="span" sx={visuallyHidden}>
              {weekdayName(index, language)}
            </Box>
          </Button>
        );
      })}
    </Box>
  );
}
