// A table that may scroll sideways on a phone: the keyboard must reach the scroll area to scroll it
// (WCAG 2.1.1), so the area is a named, focusable region even when its rows hold no link or button.
import Paper from '@mui/material/Paper';
import Table from '@mui/material/Table';
import TableContainer from '@mui/material/TableContainer';
import type { ReactNode } from 'react';

export function ScrollingTable({ label, outlined, children }: { label: string; outlined?: true; children: ReactNode }) {
  return (
    <TableContainer
      {...(outlined && { component: Paper, variant: 'outlined' })}
      tabIndex={0}
      role="region"
      aria-label={`${label}, scrollable`}
    >
      <Table size="small" aria-label={label}>
        {children}
      </Table>
    </TableContainer>
  );
}
