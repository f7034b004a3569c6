// The administration screens' lists: a small table under its column names, and the cell that opens a
// row, the record's name linking to it with its badge, and a line of detail under it.
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { ScrollingTable } from './ScrollingTable';

/** A column by its name; `wide` ones are left out on a phone, where the rows say it another way. */
type Column = string | { name: string; align?: 'right'; wide?: true };

/** For the cells of a `wide` column: shown from a tablet's width on. */
export const wideOnly = { display: { xs: 'none', sm: 'table-cell' } } as const;

export function ListTable({ label, columns, children }: { label: string; columns: Column[]; children: ReactNode }) {
  return (
    <ScrollingTable label={label}>
      <TableHead>
        <TableRow>
          {columns.map((column) =>
            typeof column === 'string' ? (
              <TableCell key={column}>{column}</TableCell>
            ) : (
              <TableCell key={column.name} align={column.align} sx={column.wide && wideOnly}>
                {column.name}
              </TableCell>
            ),
          )}
        </TableRow>
      </TableHead>
      <TableBody>{children}</TableBody>
    </ScrollingTable>
  );
}

export function NameCell({
  to,
  name,
  badge,
  detail,
}: {
  to: string;
  name: string;
  badge?: ReactNode;
  detail: ReactNode;
}) {
  return (
    <TableCell component="th" scope="row">
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
        <Link component={RouterLink} to={to}>
          {name}
        </Link>
        {badge}
      </Stack>
      <Typography variant="body2" color="text.secondary">
        {detail}
      </Typography>
    </TableCell>
  );
}
