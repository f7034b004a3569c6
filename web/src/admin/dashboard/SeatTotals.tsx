import Grid from '@mui/material/Grid';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import type { FunctionResult } from '@contract/manifest';

type Totals = FunctionResult<'adminDashboard'>['totals'];

/** The semester at a glance: seats taken, seats left, waitlist, classes full or about to fill. */
export function SeatTotals({ totals, aboutToFill }: { totals: Totals; aboutToFill: number }) {
  const figures: Array<[string, string]> = [
    ['Enrolled', `${totals.enrolled} / ${totals.capacity}`],
    ['Seats left', String(totals.seatsLeft)],
    ['Waitlisted', String(totals.waitlisted)],
    ['Classes', String(totals.classes)],
    ['Full', String(totals.full)],
    ['About to fill', String(aboutToFill)],
  ];
  return (
    <Grid container spacing={2} component="section" aria-label="Semester totals">
      {figures.map(([label, value]) => (
        <Grid key={label} size={{ xs: 6, sm: 4, md: 2 }}>
          <Paper variant="outlined" sx={{ p: 2, height: '100%' }}>
            <Typography variant="overline" color="text.secondary">
              {label}
            </Typography>
            <Typography variant="h5" component="p">
              {value}
            </Typography>
          </Paper>
        </Grid>
      ))}
    </Grid>
  );
}
