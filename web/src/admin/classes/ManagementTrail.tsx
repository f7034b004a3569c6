import Breadcrumbs from '@mui/material/Breadcrumbs';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router-dom';
import { paths } from '../../layout/paths';

/** Where a class management page sits: Class Management › semester › class; the last one is this page. */
export function ManagementTrail({ trail }: { trail: Array<{ label: string; to?: string }> }) {
  return (
    <Breadcrumbs aria-label="Class management">
      <Link component={RouterLink} to={paths.classManagement}>
        Class Management
      </Link>
      {trail.map(({ label, to }) =>
        to ? (
          <Link key={label} component={RouterLink} to={to}>
            {label}
          </Link>
        ) : (
          <Typography key={label} color="text.primary" aria-current="page">
            {label}
          </Typography>
        ),
      )}
    </Breadcrumbs>
  );
}
