// The buttons above an attendance table: print it (the browser's print), or download it as CSV. Not printed.
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { csvFileName, downloadCsv } from '../csv';
import { screenOnly } from '../report/PrintStyles';

/** `title` names the CSV file ("Attendance <title>"); `csv` makes its text when asked. */
export function PrintAndCsv({ title, csv }: { title: string; csv: () => string }) {
  return (
    <Stack direction="row" spacing={1} sx={screenOnly}>
      <Button variant="outlined" onClick={() => window.print()}>
        Print
      </Button>
      <Button variant="outlined" onClick={() => downloadCsv(csvFileName(`Attendance ${title}`), csv())}>
        Download CSV
      </Button>
    </Stack>
  );
}
