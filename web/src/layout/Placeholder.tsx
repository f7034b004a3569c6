import Typography from '@mui/material/Typography';

export function Placeholder({ title }: { title: string }) {
  return (
    <Typography variant="h4" component="h1">
      {title}
    </Typography>
  );
}
