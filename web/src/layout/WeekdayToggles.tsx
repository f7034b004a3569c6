// The seven weekday toggles (the class filters, the weekly repeat helper). Each shows "Sun", "Mon"… ("dom",
// "lun"… in Spanish) and is named "Sunday", "Monday"… by the whole word kept for screen readers only, so the accessible name begins
// with the visible text (WCAG 2.5.3). A chosen day is filled and checked, not only shaded.
import Check from '@mui/icons-material/Check';
import Box from '@mui/material/Box';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup, { type ToggleButtonGroupProps } from '@mui/material/ToggleButtonGroup';
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

type GroupLabel = Pick<ToggleButtonGroupProps, 'aria-label' | 'aria-labelledby' | 'sx'>;

export function WeekdayToggles({
  days,
  onChange,
  ...group
}: { days: number[]; onChange: (days: number[]) => void } & GroupLabel) {
  const { language } = useI18n();
  return (
    <ToggleButtonGroup size="small" value={days} onChange={(_event, chosen: number[]) => onChange(chosen)} {...group}>
      {WEEKDAYS.map((day, index) => (
        <ToggleButton key={day} value={index} sx={{ gap: 0.5 }}>
          {days.includes(index) && <Check fontSize="inherit" aria-hidden />}
          <span aria-hidden>{weekdayName(index, language, 'short')}</span>
          <Box component="span" sx={visuallyHidden}>
            {weekdayName(index, language)}
          </Box>
        </ToggleButton>
      ))}
    </ToggleButtonGroup>
  );
}
