import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import CardHeader from '@mui/material/CardHeader';
import type { ReactNode } from 'react';

/** The card of the sign-in screens: 100% wide up to 600px, so it fills a phone, headed by the screen's title. */
export function SignInCard({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Card sx={{ width: '100%', maxWidth: 600, mx: 'auto' }}>
      <CardHeader title={title} slotProps={{ title: { component: 'h1', variant: 'h5' } }} />
      <CardContent sx={{ display: 'flex', flexDirection: 'column', gap: 2 }}>{children}</CardContent>
    </Card>
  );
}
