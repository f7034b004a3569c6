// A fair start's record on Allocation and Lottery: every decision of the semester's requests, line by line in the
// order they were made, with the seed, for `npm run lottery:verify` to check against the draws. Downloadable once
// the last draw came (the seed stays secret until then), a page of the ledger after another.
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useId, useState } from 'react';
import type { FunctionResult } from '@contract/manifest';
import type { FairStartView } from '@contract/records';
import { fetchFunction } from '../../api/queries';
import { LongCode } from '../../layout/LongCode';
import { useMomentText } from '../../layout/RemoteConfig';
import { Section } from '../../layout/Section';
import { downloadFile } from '../download';

type FairStartRecord = FunctionResult<'fairStartExport'>['record'];

/** The whole record, read a page after another: a line read over several pages is one list of decisions. */
async function wholeRecord(semesterId: string): Promise<FairStartRecord> {
  const lines = new Map<string, FairStartRecord['lines'][number]['decisions']>();
  let cursor: string | undefined;
  for (;;) {
    const { record, nextCursor } = await fetchFunction('fairStartExport', { semesterId, ...(cursor && { cursor }) });
    for (const { line, decisions } of record.lines) {
      const kept = lines.get(line) ?? lines.set(line, []).get(line)!;
      for (const decision of decisions) kept.push(decision);
    }
    if (!nextCursor) return { ...record, lines: [...lines].map(([line, decisions]) => ({ line, decisions })) };
    cursor = nextCursor;
  }
}

export function FairStartRecordSection({ semesterId, fairStart }: { semesterId: string; fairStart: FairStartView }) {
  const [downloading, setDownloading] = useState(false);
  const [problem, setProblem] = useState<string>();
  const explanation = useId();
  const lastDraw = useMomentText()(fairStart.draws.at(-1)!.drawAt);
  const download = async () => {
    setDownloading(true);
    setProblem(undefined);
    try {
      const record = await wholeRecord(semesterId);
      downloadFile(`fair-start-${semesterId}.json`, [JSON.stringify(record, null, 1)], 'application/json');
    } catch (error) {
      setProblem((error as Error).message);
    } finally {
      setDownloading(false);
    }
  };
  return (
    <Section title="The fair start's record">
      <Stack spacing={2}>
        <Typography id={explanation}>
          {fairStart.seed ? (
            <>
              Every decision of the semester's requests, line by line in the order it was made, with the seed:{' '}
              <LongCode>npm run lottery:verify -- &lt;file&gt;</LongCode> checks every rank, and that each line followed
              the draws.
            </>
          ) : (
            `It holds the seed, which stays secret until the last draw, on ${lastDraw}: download it from then.`
          )}
        </Typography>
        {problem && <Alert severity="error">{problem}</Alert>}
        <Button
          sx={{ alignSelf: 'flex-start' }}
          onClick={() => void download()}
          disabled={!fairStart.seed || downloading}
          aria-describedby={explanation}
        >
          {downloading ? 'Downloading…' : "Download the fair start's record"}
        </Button>
      </Stack>
    </Section>
  );
}
