import TablePagination from '@mui/material/TablePagination';
import { useState, type ReactNode } from 'react';

const ROWS_PER_PAGE = [10, 25, 50, 100];

/** One page of a list that can grow long (60 classes, years of semesters), and the pagination under it. */
export function usePaged<T>(rows: T[], initialRowsPerPage = 25): { rows: T[]; pagination: ReactNode } {
  const [page, setPage] = useState(0);
  const [rowsPerPage, setRowsPerPage] = useState(initialRowsPerPage);
  // A shorter list (after a filter or a delete) must not leave the page past its end.
  const current = Math.min(page, Math.max(0, Math.ceil(rows.length / rowsPerPage) - 1));
  return {
    rows: rows.slice(current * rowsPerPage, (current + 1) * rowsPerPage),
    pagination:
      rows.length > ROWS_PER_PAGE[0]! ? (
        <TablePagination
          component="div"
          count={rows.length}
          page={current}
          onPageChange={(_event, next) => setPage(next)}
          rowsPerPage={rowsPerPage}
          onRowsPerPageChange={(event) => {
            setRowsPerPage(Number(event.target.value));
            setPage(0);
          }}
          rowsPerPageOptions={ROWS_PER_PAGE}
        />
      ) : null,
  };
}
