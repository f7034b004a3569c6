// /admin/t-shirts, T-shirt Sizes: the size list (/admin/t-shirts) and the counts to order
// (/admin/t-shirts/counts), as two tabs. (No nested <Routes>: it would grow the start-up bundle.)
import Stack from '@mui/material/Stack';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import { Link as RouterLink, useLocation } from 'react-router-dom';
import { ShirtCountsView } from './ShirtCountsView';
import { SizeListEditor } from './SizeListEditor';
import { PageTitle } from '../../layout/PageTitle';

const SIZES = '/admin/t-shirts';
const COUNTS = '/admin/t-shirts/counts';

export function TshirtsPage() {
  const counts = useLocation().pathname.startsWith(COUNTS);
  return (
    <Stack spacing={3}>
      <PageTitle title="T-shirt Sizes" />
      <Tabs
        value={counts ? COUNTS : SIZES}
        aria-label="T-shirt screens"
        sx={{ borderBottom: 1, borderColor: 'divider' }}
      >
        <Tab label="Sizes" value={SIZES} component={RouterLink} to={SIZES} />
        <Tab label="Counts to order" value={COUNTS} component={RouterLink} to={COUNTS} />
      </Tabs>
      {counts ? <ShirtCountsView /> : <SizeListEditor />}
    </Stack>
  );
}
