// /admin/lottery: how a semester's seats are given (first come first served, with a fair start or not, or a
// lottery, and its priority windows), and its draw: the commitment to its seed (and its change, with a reason families read, after a
// confirmation), run it once requests closed, read the summary, run it again (same seed), download the export that
// `npm run lottery:verify` checks, and publish it (after a confirmation: families are e-mailed); once published, the
// children its publication left unplaced, and why. With a fair start, its record to download once the last draw came.
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import DialogContentText from '@mui/material/DialogContentText';
import FormControlLabel from '@mui/material/FormControlLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { wallClockOf } from '@contract/moments';
import type { FunctionResult } from '@contract/manifest';
import type { AllocationSettings, LotterySettings, PriorityWindow } from '@contract/records';
import { useChange } from '../../api/changes';
import { fetchFunction, useFunction } from '../../api/queries';
import { ConfirmDialog } from '../../layout/ConfirmDialog';
import { LoadFailure } from '../../layout/LoadFailure';
import { useMomentText, useProgrammeTimeZone } from '../../layout/RemoteConfig';
import { PageTitle } from '../../layout/PageTitle';
import { Section } from '../../layout/Section';
import { Waiting } from '../../layout/Waiting';
import { useToast } from '../../layout/toast';
import { isoMoment, localInput, momentFieldHelp } from '../classes/dateTimes';
import { downloadFile } from '../download';
import { SemesterPicker } from '../SemesterPicker';
import { useSemesterParam } from '../useSemesterParam';
import { LongCode } from '../../layout/LongCode';
import { SeedChanges } from '../../layout/SeedChanges';
import { FairStartRecordSection } from './FairStartRecordSection';
import { counted } from '../../layout/counted';

/** A `datetime-local` field's value as the moment it names; empty (the server says so) when it names none. */
const fromLocal = (local: string, timeZone: string) => isoMoment(local, timeZone) ?? '';

const DAY = 86_400_000;
/** A new lottery's dates: midnights on the programme's clock, counted in days from the coming one. */
const newLottery = (timeZone: string): LotterySettings => {
  const today = wallClockOf(new Date().toISOString(), timeZone).slice(0, 10);
  const midnight = (days: number) => {
    const date = new Date(Date.parse(`${today}T00:00:00Z`) + (days + 1) * DAY).toISOString().slice(0, 10);
    return isoMoment(`${date}T00:00`, timeZone)!;
  };
  return {
    requestsOpen: midnight(1),
    requestsClose: midnight(8),
    resultsBy: midnight(10),
    seatsOpen: midnight(12),
    choices: 3,
    weighted: false,
    drawAtClose: true,
  };
};

export function LotteryAdminPage() {
  const [semesterId, choose] = useSemesterParam();
  return (
    <Stack spacing={3}>
      <PageTitle
        title="Allocation and Lottery"
        summary="First come first served or a lottery draw, priority windows, and the draw itself."
      />
      <SemesterPicker value={semesterId} onChange={choose} />
      {semesterId && <SemesterAllocation key={semesterId} semesterId={semesterId} />}
    </Stack>
  );
}

type SemesterLottery = FunctionResult<'lotteryDraw'>;
type SemesterDraw = NonNullable<SemesterLottery['draw']>;

function SemesterAllocation({ semesterId }: { semesterId: string }) {
  const lottery = useFunction('lotteryDraw', { semesterId });
  if (lottery.isPending) return <Waiting />;
  if (lottery.isError)
    return <LoadFailure what="The settings" error={lottery.error} onRetry={() => void lottery.refetch()} />;
  return (
    <>
      <SettingsForm initial={lottery.data.settings} />
      {lottery.data.settings.lottery && <DrawSection semesterId={semesterId} lottery={lottery.data} />}
      {lottery.data.fairStart && <FairStartRecordSection semesterId={semesterId} fairStart={lottery.data.fairStart} />}
    </>
  );
}

function SettingsForm({ initial }: { initial: AllocationSettings }) {
  const [lottery, setLottery] = useState<LotterySettings | undefined>(initial.lottery);
  const [fairStart, setFairStart] = useState<AllocationSettings['fairStart']>(initial.fairStart);
  const [windows, setWindows] = useState<PriorityWindow[]>(initial.priorityWindows);
  const [problem, setProblem] = useState<string>();
  const save = useChange('saveAllocationSettings');
  const show = useToast();
  const timeZone = useProgrammeTimeZone();
  const setWindow = (index: number, change: Partial<PriorityWindow>) =>
    setWindows(windows.map((window, at) => (at === index ? { ...window, ...change } : window)));
  const momentField = (
    label: string,
    field: keyof Omit<LotterySettings, 'choices' | 'weighted' | 'drawAtClose'>,
    helperText: string,
  ) =>
    lottery && (
      <TextField
        type="datetime-local"
        size="small"
        label={label}
        helperText={momentFieldHelp(timeZone, helperText)}
        value={localInput(lottery[field], timeZone)}
        onChange={(event) => setLottery({ ...lottery, [field]: fromLocal(event.target.value, timeZone) })}
        slotProps={{ inputLabel: { shrink: true } }}
      />
    );

  const submit = async () => {
    setProblem(undefined);
    try {
      await save.mutateAsync({
        semesterId: initial.semesterId,
        ...(lottery && { lottery }),
        ...(fairStart && { fairStart }),
        priorityWindows: windows,
      });
      show({ severity: 'success', summary: 'Saved', detail: 'The allocation settings are saved.' });
    } catch (error) {
      setProblem((error as Error).message);
    }
  };

  return (
    <Section title="How seats are given">
      <Stack component="form" aria-label="Allocation settings" spacing={2} onSubmit={(event) => event.preventDefault()}>
        <RadioGroup
          aria-label="Allocation"
          value={lottery ? 'lottery' : fairStart ? 'fairStart' : 'firstCome'}
          onChange={(event) => {
            setLottery(event.target.value === 'lottery' ? (initial.lottery ?? newLottery(timeZone)) : undefined);
            setFairStart(event.target.value === 'fairStart' ? (initial.fairStart ?? { minutes: 5 }) : undefined);
          }}
        >
          <FormControlLabel value="firstCome" control={<Radio />} label="First come, first served" />
          <FormControlLabel
            value="fairStart"
            control={<Radio />}
            label="First come, first served with a fair start: the requests made before the opening or in its first minutes are put in order by a draw"
          />
          <FormControlLabel
            value="lottery"
            control={<Radio />}
            label="Lottery: families send requests, a draw gives the seats"
          />
        </RadioGroup>
        {fairStart && (
          <TextField
            type="number"
            size="small"
            sx={{ maxWidth: 420 }}
            label="Minutes of the fair start after each opening (1 to 60)"
            helperText="Families may have their requests ready before the opening; being early or fast in these minutes gains nothing. The draw's seed is committed when you save, and shown to families."
            value={fairStart.minutes}
            onChange={(event) => setFairStart({ minutes: Number(event.target.value) })}
          />
        )}
        {lottery && (
          <Stack spacing={2} sx={{ maxWidth: 420 }}>
            {momentField(
              'Requests open',
              'requestsOpen',
              'Families may send and change their requests from then (a priority window earlier); Class Registration says so from now.',
            )}
            {momentField(
              'Requests close',
              'requestsClose',
              'No request changes after this; the draw can run from then.',
            )}
            {momentField(
              'Results sent by',
              'resultsBy',
              'The date families are promised their results by: publish the draw before it.',
            )}
            {momentField(
              'Seats left open to everyone',
              'seatsOpen',
              'From then the seats the draw left (and the waitlists) go first come, first served on Class Registration, as in a semester without a lottery.',
            )}
            <TextField
              type="number"
              size="small"
              label="Choices per child (1 to 5)"
              value={lottery.choices}
              onChange={(event) => setLottery({ ...lottery, choices: Number(event.target.value) })}
            />
            <FormControlLabel
              control={
                <Checkbox
                  checked={lottery.weighted}
                  onChange={(event) => setLottery({ ...lottery, weighted: event.target.checked })}
                />
              }
              label="One more ticket per earlier draw a family lost"
            />
            <FormControlLabel
              control={
                <Checkbox
                  checked={lottery.drawAtClose}
                  onChange={(event) => setLottery({ ...lottery, drawAtClose: event.target.checked })}
                />
              }
              label="Run the draw by itself when requests close (a preview: nothing is published until you publish it)"
            />
          </Stack>
        )}
        <Typography variant="subtitle1" component="h3">
          Priority windows
        </Typography>
        {windows.length === 0 && (
          <Typography color="text.secondary">None: everyone starts at the same time.</Typography>
        )}
        {windows.map((window, index) => (
          <Stack
            // A window's place in the list is its identity until it is saved.
            key={index}
            component="fieldset"
            spacing={1.5}
            sx={{ border: 1, borderColor: 'divider', borderRadius: 1, p: 2, maxWidth: 520 }}
          >
            <Typography component="legend" variant="body2">
              Window {index + 1}
            </Typography>
            <TextField
              size="small"
              label="Group name"
              value={window.name}
              onChange={(event) => setWindow(index, { name: event.target.value })}
            />
            <TextField
              type="datetime-local"
              size="small"
              label="Opens"
              helperText={momentFieldHelp(timeZone)}
              value={localInput(window.opens, timeZone)}
              onChange={(event) => setWindow(index, { opens: fromLocal(event.target.value, timeZone) })}
              slotProps={{ inputLabel: { shrink: true } }}
            />
            <TextField
              size="small"
              multiline
              minRows={2}
              label="Families' e-mail addresses (one a line)"
              value={window.emails.join('\n')}
              onChange={(event) =>
                setWindow(index, {
                  emails: event.target.value
                    .split(/[\n,;]/)
                    .map((email) => email.trim())
                    .filter(Boolean),
                })
              }
            />
            <FormControlLabel
              control={
                <Checkbox
                  checked={window.enrolledLastSemester}
                  onChange={(event) => setWindow(index, { enrolledLastSemester: event.target.checked })}
                />
              }
              label="And families with a child enrolled last semester"
            />
            <Button
              color="error"
              sx={{ alignSelf: 'flex-start' }}
              onClick={() => setWindows(windows.filter((_, at) => at !== index))}
            >
              Remove window {index + 1}
            </Button>
          </Stack>
        ))}
        <Button
          sx={{ alignSelf: 'flex-start' }}
          onClick={() => setWindows([...windows, { name: '', opens: '', emails: [], enrolledLastSemester: false }])}
        >
          Add a priority window
        </Button>
        {problem && <Alert severity="error">{problem}</Alert>}
        <Button
          variant="contained"
          sx={{ alignSelf: 'flex-start' }}
          onClick={() => void submit()}
          disabled={save.isPending}
        >
          Save allocation
        </Button>
      </Stack>
    </Section>
  );
}

/**
 * The change of a lottery's seed, for a mistake in the settings: a new secret seed and commitment, which every
 * family sees with the reason typed here.
 */
function ChangeSeedDialog({
  semesterId,
  replacing,
  onClose,
}: {
  semesterId: string;
  replacing: string;
  onClose: () => void;
}) {
  const change = useChange('changeLotterySeed');
  const show = useToast();
  const [reason, setReason] = useState('');
  return (
    <ConfirmDialog
      title="Change the seed?"
      confirmLabel="Change the seed"
      busyLabel="Changing…"
      destructive
      confirmDisabled={!reason.trim()}
      action={async () => {
        await change.mutateAsync({ semesterId, replacing, reason: reason.trim() });
        show({ severity: 'success', summary: 'Seed changed', detail: 'Families see the new commitment and why.' });
      }}
      onClose={onClose}
    >
      <DialogContentText sx={{ mb: 2 }}>
        A new secret seed replaces the committed one. Every family sees its commitment, your reason and how many
        commitments there were, so change it only to correct a mistake. A preview already drawn must be run again before
        it can be published; a published draw keeps its seed.
      </DialogContentText>
      <TextField
        label="Why, for the families"
        required
        value={reason}
        onChange={(event) => setReason(event.target.value)}
        fullWidth
        slotProps={{ htmlInput: { maxLength: 300 } }}
        helperText="For example: The capacities of the classes were wrong when requests closed."
      />
    </ConfirmDialog>
  );
}

/** The children the draw placed that its publication left unplaced, as enrolling would have refused them then. */
function LeftOut({ children }: { children: NonNullable<SemesterDraw['leftOut']> }) {
  if (children.length === 0) return null;
  return (
    <>
      <Typography>
        Left unplaced at publication ({children.length}): enrolling would have refused them then, and their families
        were told why.
      </Typography>
      <Stack component="ul" spacing={0.5} aria-label="Children left unplaced at publication" sx={{ pl: 3, m: 0 }}>
        {children.map((child) => (
          <Typography component="li" key={child.studentId} variant="body2">
            {child.firstName}: {child.reason}
          </Typography>
        ))}
      </Stack>
    </>
  );
}

/** How a draw stands: its preview, its publication under way, or published (when and by whom). */
function drawStatus(draw: SemesterDraw, moment: (iso: string) => string): string {
  if (draw.status === 'published') return `Published on ${moment(draw.publishedAt!)} by ${draw.publishedBy}`;
  return draw.status === 'publishing' ? 'Being published (not finished)' : 'Preview, not published';
}

function DrawSection({ semesterId, lottery }: { semesterId: string; lottery: SemesterLottery }) {
  const run = useChange('runLotteryDraw');
  const publish = useChange('publishLotteryDraw');
  const show = useToast();
  const [confirming, setConfirming] = useState<'run' | 'publish' | 'seed'>();
  const [problem, setProblem] = useState<string>();
  const moment = useMomentText();
  const { draw, commitments } = lottery;
  const committed = commitments.at(-1);
  // A preview drawn before the seed was changed is never published: the draw runs again first.
  const staleSeed = draw?.status === 'preview' && draw.commitment !== commitments.length;
  const runDraw = async () => {
    await run.mutateAsync({ semesterId, ...(draw && { drawId: draw.drawId }) });
    show({ severity: 'success', summary: 'Drawn', detail: 'The draw ran: read its result before publishing.' });
  };
  // A large draw takes more than one call: each goes on where the one before stopped.
  const publishDraw = async () => {
    for (;;) {
      const answer = await publish.mutateAsync({ semesterId, drawId: draw!.drawId });
      if (answer.draw.status === 'published') break;
    }
    show({ severity: 'success', summary: 'Published', detail: 'The enrollments are written and families e-mailed.' });
  };
  const download = async () => {
    const { export: exported } = await fetchFunction('lotteryDraw', { semesterId, withExport: true });
    downloadFile(`lottery-draw-${semesterId}.json`, [JSON.stringify(exported, null, 1)], 'application/json');
  };

  return (
    <Section title="The draw">
      <Stack spacing={2}>
        {committed && (
          <Stack spacing={0.5}>
            <Typography>
              Seed committed on {moment(committed.committedAt)} by {committed.by}
              {commitments.length > 1 && ` (commitment ${commitments.length})`}: its SHA-256, which every family sees,
              is <LongCode>{committed.hash}</LongCode>. The seed itself shows with the draw, once requests closed.
            </Typography>
            <SeedChanges commitments={commitments} />
          </Stack>
        )}
        {!draw && <Typography>Not drawn yet. Run the draw once requests close.</Typography>}
        {draw && (
          <Stack spacing={0.5}>
            <Typography>
              {drawStatus(draw, moment)}: draw {draw.runs} run on {moment(draw.ranAt)}, seed{' '}
              <LongCode>{draw.seed}</LongCode>.
            </Typography>
            <Typography>
              {counted(draw.summary.requests, 'child', 'children')} asked.{' '}
              {draw.summary.byRank.map((count, index) => `${count} got choice ${index + 1}`).join(', ')}
              {draw.summary.byRank.length ? '; ' : ''}
              {draw.summary.waitlisted} waitlisted, {draw.summary.unplaced} no choice admits;{' '}
              {counted(draw.summary.siblingUnits, 'set', 'sets')} of siblings kept together.
            </Typography>
            {draw.status === 'published' && <LeftOut children={draw.leftOut ?? []} />}
          </Stack>
        )}
        {lottery.runs.length > 1 && (
          <Stack component="ul" spacing={0.5} aria-label="Draws run" sx={{ pl: 3, m: 0 }}>
            {lottery.runs.map((run) => (
              <Typography component="li" key={run.drawId} variant="body2">
                {moment(run.ranAt)} by {run.ranBy}: seed <LongCode>{run.seed}</LongCode>, {run.summary.byRank[0] ?? 0}{' '}
                got their first choice, {run.summary.waitlisted} waitlisted
              </Typography>
            ))}
          </Stack>
        )}
        {staleSeed && (
          <Alert severity="warning">
            This preview was drawn with a seed that has been changed since: run the draw again, with the new seed,
            before publishing.
          </Alert>
        )}
        {problem && <Alert severity="error">{problem}</Alert>}
        <Stack direction="row" spacing={1} sx={{ flexWrap: 'wrap', rowGap: 1 }}>
          {(!draw || draw.status === 'preview') && (
            <Button
              variant="contained"
              onClick={() =>
                draw ? setConfirming('run') : runDraw().catch((error: Error) => setProblem(error.message))
              }
              disabled={run.isPending || publish.isPending}
            >
              {draw ? 'Run again with the same seed' : 'Run the draw'}
            </Button>
          )}
          {draw && draw.status !== 'published' && !staleSeed && (
            <Button
              variant="contained"
              color="success"
              onClick={() => setConfirming('publish')}
              disabled={run.isPending}
            >
              {draw.status === 'publishing' ? 'Finish publishing…' : 'Publish…'}
            </Button>
          )}
          {draw && (
            <Button onClick={() => void download().catch((error: Error) => setProblem(error.message))}>
              Download the export
            </Button>
          )}
          {committed && (!draw || draw.status === 'preview') && (
            <Button color="error" onClick={() => setConfirming('seed')} disabled={run.isPending || publish.isPending}>
              Change the seed…
            </Button>
          )}
        </Stack>
      </Stack>
      {confirming === 'run' && (
        <ConfirmDialog
          title="Run the draw again?"
          confirmLabel="Run again"
          busyLabel="Drawing…"
          action={runDraw}
          onClose={() => setConfirming(undefined)}
        >
          <DialogContentText>
            This preview is replaced by a draw with the same committed seed, of the requests and classes as they are
            now; nothing was published, so no family has been told.
          </DialogContentText>
        </ConfirmDialog>
      )}
      {confirming === 'seed' && committed && (
        <ChangeSeedDialog semesterId={semesterId} replacing={committed.hash} onClose={() => setConfirming(undefined)} />
      )}
      {confirming === 'publish' && draw && (
        <ConfirmDialog
          title="Publish this draw?"
          confirmLabel="Publish"
          busyLabel="Publishing…"
          action={publishDraw}
          onClose={() => setConfirming(undefined)}
        >
          <DialogContentText>
            The {draw.summary.requests} children's places are written as this preview shows them (seed{' '}
            <LongCode>{draw.seed}</LongCode>): seats and waitlist places in their classes, and each family is e-mailed
            its results. This cannot be undone: the draw can no longer be run again. The seats left open to everyone,
            first come first served, on {moment(lottery.settings.lottery!.seatsOpen)}.
          </DialogContentText>
        </ConfirmDialog>
      )}
    </Section>
  );
}
