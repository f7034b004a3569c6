// A screen's title, its one h1, and under it what the screen is for.
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';

export function PageTitle({ title, summary }: { title: ReactNode; summary?: ReactNode }) {
  const heading = (
    <Typography variant="h4" component="h1">
      {title}
    </Typography>
  );
  if (summary === undefined) return heading;
  return (
    <div>
      {heading}
      <Typography color="text.secondary">{summary}</Typography>
    </div>
  );
}
