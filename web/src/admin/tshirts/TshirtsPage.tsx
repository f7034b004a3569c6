// /admin/t-shirts, T-shirt Sizes: the size list (/admin/t-shirts) and the counts to order
// (/admin/t-shirts/counts), as two tabs. (No nested <Routes>: it would grow the start-up bundle.)
import Stack from '@mui/material/Stack';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import { Link as RouterLink, useLocation } from 'react-router-dom';
import { ShirtCountsView } from './ShirtCountsView';
import { SizeListEditor } from './SizeListEditor';
import { PageTitle } from '../../layout/PageTitle';
import { paths } from '../../layout/paths';

export function TshirtsPage() {
  const counts = useLocation().pathname.startsWith(paths.tshirtCounts);
  return (
    <Stack spacing={3}>
      <PageTitle title="T-shirt Sizes" />
      <Tabs
        value={counts ? paths.tshirtCounts : paths.tshirtSizes}
        aria-label="T-shirt screens"
        sx={{ borderBottom: 1, borderColor: 'divider' }}
      >
        <Tab label="Sizes" value={paths.tshirtSizes} component={RouterLink} to={paths.tshirtSizes} />
        <Tab label="Counts to order" value={paths.tshirtCounts} component={RouterLink} to={paths.tshirtCounts} />
      </Tabs>
      {counts ? <ShirtCountsView /> : <SizeListEditor />}
    </Stack>
  );
}
