// A table that may scroll sideways on a phone: the keyboard must reach the scroll area to scroll it
// (WCAG 2.1.1), so the area is a named, focusable region even when its rows hold no link or button.
// On paper nothing scrolls, so a printed table shows every column.
import Paper from '@mui/material/Paper';
import type { SxProps, Theme } from '@mui/material/styles';
import Table from '@mui/material/Table';
import TableContainer from '@mui/material/TableContainer';
import type { ReactNode } from 'react';

export function ScrollingTable({
  label,
  outlined,
  sx,
  children,
}: {
  label: string;
  outlined?: true;
  sx?: SxProps<Theme>;
  children: ReactNode;
}) {
  return (
    <TableContainer
      {...(outlined && { component: Paper, variant: 'outlined' })}
      tabIndex={0}
      role="region"
      aria-label={`${label}, scrollable`}
      sx={{ '@media print': { overflow: 'visible' } }}
    >
      <Table size="small" aria-label={label} sx={sx}>
        {children}
      </Table>
    </TableContainer>
  );
}
