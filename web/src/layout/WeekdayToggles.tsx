// The seven weekday toggles (the class filters, the weekly repeat helper). Each shows "Sun", "Mon"… and is
// named "Sunday", "Monday"… by the whole word kept for screen readers only, so the accessible name begins
// with the visible text (WCAG 2.5.3). A chosen day is filled and checked, not only shaded.
import Check from '@mui/icons-material/Check';
import Box from '@mui/material/Box';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup, { type ToggleButtonGroupProps } from '@mui/material/ToggleButtonGroup';
import { WEEKDAYS } from './schedule';

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
  return (
    <ToggleButtonGroup size="small" value={days} onChange={(_event, chosen: number[]) => onChange(chosen)} {...group}>
      {WEEKDAYS.map((day, index) => (
        <ToggleButton key={day} value={index} sx={{ gap: 0.5 }}>
          {days.includes(index) && <Check fontSize="inherit" aria-hidden />}
          <span aria-hidden>{day.slice(0, 3)}</span>
          <Box component="span" sx={visuallyHidden}>
            {day}
          </Box>
        </ToggleButton>
      ))}
    </ToggleButtonGroup>
  );
}
