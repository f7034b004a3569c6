// /account/lottery: the semesters whose seats are given by a lottery draw. For each, how the draw works, when it
// happens and when the family hears; the commitment to the draw's seed (its SHA-256) and what it proves, and every
// change of seed with its reason; each child's ranked choices and "keep my children together", saved or withdrawn
// while requests are taken (a child not ready as enrolling asks: its policies read and accepted, or its details
// checked, here, and the choices saved then); once the draw is published, each child's result (not placed: why)
// and the seed.
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Chip from '@mui/material/Chip';
import DialogContentText from '@mui/material/DialogContentText';
import FormControlLabel from '@mui/material/FormControlLabel';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useEffect, useRef, useState } from 'react';
import { admitsGrade } from '@contract/grades';
import type { Class, FamilyLottery, LotteryChoice, LotteryRequest, Student } from '@contract/records';
import { asApiError } from '../api/client';
import { studentToCheck } from '../api/detailsToCheck';
import { useChange } from '../api/changes';
import { useCatalogueRead, useFunction } from '../api/queries';
import { ConfirmDialog } from '../layout/ConfirmDialog';
import { LoadFailure } from '../layout/LoadFailure';
import { PageTitle } from '../layout/PageTitle';
import { Section } from '../layout/Section';
import { Waiting } from '../layout/Waiting';
import { useToast } from '../layout/toast';
import { LongCode } from '../layout/LongCode';
import { SeedChanges } from '../layout/SeedChanges';
import { useMomentText } from '../layout/RemoteConfig';
import { StudentForm } from './students/StudentForm';
import { PoliciesToAccept, policiesAsked, type PoliciesAsked } from '../classes/PoliciesToAccept';

const keyOf = (choice: LotteryChoice) => `${choice.kind}:${choice.id}`;

export function LotteryPage() {
  const lotteries = useFunction('myLotteries');
  const students = useFunction('students');
  const list = lotteries.data?.lotteries ?? [];
  return (
    <Stack spacing={3} sx={{ maxWidth: 820, mx: 'auto' }}>
      <PageTitle title="Lottery requests" summary="Ask for seats in classes given by a lottery draw." />
      {(lotteries.isPending || students.isPending) && <Waiting />}
      {lotteries.isError && (
        <LoadFailure what="The lotteries" error={lotteries.error} onRetry={() => void lotteries.refetch()} />
      )}
      {students.isError && (
        <LoadFailure what="Your children" error={students.error} onRetry={() => void students.refetch()} />
      )}
      {lotteries.isSuccess && list.length === 0 && (
        <Alert severity="info">No semester is given by a lottery right now: enroll on Class Registration.</Alert>
      )}
      {students.isSuccess &&
        list.map((lottery) => (
          <LotterySection key={lottery.semester.id} lottery={lottery} students={students.data.students} />
        ))}
    </Stack>
  );
}

function LotterySection({ lottery, students }: { lottery: FamilyLottery; students: Student[] }) {
  const when = useMomentText();
  const { semester, lottery: settings, window, requests, draw } = lottery;
  const classes = useCatalogueRead('classesBySemester', { semesters: [semester.id] });
  const groups = useCatalogueRead('semesterGroups', { semesterId: semester.id });
  const save = useChange('saveLotteryRequest');
  const show = useToast();
  const [keepTogether, setKeepTogether] = useState(requests.some((request) => request.keepTogether));
  const semesterClasses = classes.data?.classes[semester.id] ?? [];
  const options = [
    ...semesterClasses
      .filter((cls) => cls.status === 'open')
      .map((cls) => ({ choice: { kind: 'class' as const, id: cls.id }, label: cls.name, classes: [cls] })),
    ...(groups.data?.groups ?? []).map((group) => ({
      choice: { kind: 'group' as const, id: group.id },
      label: `${group.name} (class group)`,
      classes: group.classIds.flatMap((id) => semesterClasses.find((cls) => cls.id === id) ?? []),
    })),
  ];

  return (
    <Section title={`${semester.name}: lottery`}>
      <Stack spacing={2}>
        <HowItWorks lottery={lottery} />
        <DrawSeed lottery={lottery} />
        {!window.open && !draw && <Alert severity="info">{window.message}</Alert>}
        {draw && (
          <Alert severity="success">
            The draw was published on {when(draw.publishedAt)}. Its seed was <LongCode>{draw.seed}</LongCode>: with it,
            anyone can run the draw again and check the results.
          </Alert>
        )}
        {classes.isError && (
          <LoadFailure what="The classes" error={classes.error} onRetry={() => void classes.refetch()} />
        )}
        {window.open && students.length > 1 && (
          <FormControlLabel
            control={
              <Checkbox
                checked={keepTogether}
                onChange={(event) => {
                  setKeepTogether(event.target.checked);
                  // Saved with the next request, and then holds for every child of the family.
                  const first = requests[0];
                  if (first)
                    save
                      .mutateAsync({
                        semesterId: semester.id,
                        studentId: first.studentId,
                        choices: first.choices,
                        keepTogether: event.target.checked,
                      })
                      .catch((error: Error) =>
                        show({ severity: 'error', summary: 'Not saved', detail: error.message }),
                      );
                }}
              />
            }
            label="Keep my children together: children with the same choices get seats together or join the waitlist together"
          />
        )}
        {students.length === 0 && <Alert severity="info">Add your children on Manage Account first.</Alert>}
        {students.map((student) => (
          <ChildRequest
            key={student.id}
            semesterId={semester.id}
            student={student}
            most={settings.choices}
            open={window.open}
            request={requests.find((request) => request.studentId === student.id)}
            keepTogether={keepTogether}
            options={options.filter(
              (option) =>
                option.classes.length > 0 &&
                option.classes.every(
                  (cls: Class) =>
                    (cls.minGrade === undefined && cls.maxGrade === undefined) ||
                    (student.grade !== undefined && admitsGrade(cls, student.grade)),
                ),
            )}
          />
        ))}
      </Stack>
    </Section>
  );
}

function HowItWorks({ lottery: { semester, lottery } }: { lottery: FamilyLottery }) {
  const when = useMomentText();
  return (
    <Stack spacing={1}>
      <Typography>
        Seats in {semester.name} are given by a lottery draw, not by who asks first. Send each child's choices, best
        first (up to {lottery.choices}), from {when(lottery.requestsOpen)} to {when(lottery.requestsClose)}; until then
        you can change or withdraw them.
      </Typography>
      <Typography>
        When requests close, the draw puts every request in a random order made from a seed, which is published with the
        results so that anyone can run the draw again and check it. In that order each child gets their best-ranked
        choice that still has a seat; the others join the waitlists, in the same order. Children kept together who gave
        the same choices get seats together or join the waitlist together.
        {lottery.weighted && ' A family that got no seat in an earlier draw has one more ticket for each such draw.'}
      </Typography>
      <Typography>
        You will hear by e-mail by {when(lottery.resultsBy)}. The seats left after the draw open to everyone, first come
        first served, on {when(lottery.seatsOpen)}.
      </Typography>
    </Stack>
  );
}

/**
 * The commitment to the draw's seed, and what it proves: the seed is chosen before requests close and published
 * with the results, so a draw run again with another seed would show here as a new commitment.
 */
function DrawSeed({ lottery: { lottery, commitments, draw } }: { lottery: FamilyLottery }) {
  const when = useMomentText();
  const last = commitments.at(-1);
  if (!last) return null;
  const late = Date.parse(last.committedAt) >= Date.parse(lottery.requestsClose);
  return (
    <Stack spacing={1}>
      <Typography>
        The draw's seed was chosen on {when(last.committedAt)}
        {late && ', after requests closed'}
        {draw
          ? ', and its SHA-256 shown here before the draw: '
          : ', and is kept secret until the results. Its SHA-256 is '}
        <LongCode>{last.hash}</LongCode>.{' '}
        {draw
          ? 'Any SHA-256 tool shows that the published seed has exactly this one.'
          : 'Once the results are published with the seed, anyone can check that the seed has exactly this SHA-256: the draw cannot be run again with another seed without a new commitment showing here.'}
      </Typography>
      {commitments.length > 1 && (
        <Typography>
          The seed was changed {commitments.length - 1} {commitments.length === 2 ? 'time' : 'times'} (
          {commitments.length} commitments), each with its reason:
        </Typography>
      )}
      <SeedChanges commitments={commitments} />
    </Stack>
  );
}

interface Option {
  choice: LotteryChoice;
  label: string;
}

function ChildRequest({
  semesterId,
  student,
  most,
  open,
  request,
  keepTogether,
  options,
}: {
  semesterId: string;
  student: Student;
  most: number;
  open: boolean;
  request: LotteryRequest | undefined;
  keepTogether: boolean;
  options: Option[];
}) {
  const save = useChange('saveLotteryRequest');
  const withdraw = useChange('withdrawLotteryRequest');
  const show = useToast();
  const [chosen, setChosen] = useState<string[]>(() =>
    Array.from({ length: most }, (_, index) => (request?.choices[index] ? keyOf(request.choices[index]) : '')),
  );
  const [problem, setProblem] = useState<string>();
  /** What the refusal asks for first: the policies to accept, or the child's details to check (then open). */
  const [policiesShown, setPoliciesShown] = useState<PoliciesAsked>();
  const [toCheck, setToCheck] = useState(false);
  const [checking, setChecking] = useState(false);
  // The step shown in place of the choices takes the focus, which was on the button it replaced.
  const step = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (policiesShown || checking) step.current?.focus();
  }, [policiesShown, checking]);
  const name = `${student.firstName} ${student.lastName}`;
  const labelOf = (choice: LotteryChoice) => options.find((option) => keyOf(option.choice) === keyOf(choice))?.label;
  // The options load after the request: a choice not among them (yet) is left out.
  const choices = chosen.flatMap((key) => options.find((option) => keyOf(option.choice) === key)?.choice ?? []);

  const submit = async () => {
    setProblem(undefined);
    setToCheck(false);
    if (!choices.length) return setProblem(`Choose at least one class for ${student.firstName}.`);
    if (new Set(choices.map(keyOf)).size !== choices.length)
      return setProblem('Choose each class once: a later choice repeats an earlier one.');
    try {
      await save.mutateAsync({ semesterId, studentId: student.id, choices, keepTogether });
      show({ severity: 'success', summary: 'Saved', detail: `${student.firstName}'s choices are saved.` });
    } catch (error) {
      const refusal = asApiError(error);
      const policies = policiesAsked(refusal.details);
      if (policies) return setPoliciesShown(policies);
      setToCheck(studentToCheck(refusal.details) === student.id);
      setProblem(refusal.message);
    }
  };
  /** The details checked, or the policies accepted: the choices are saved as they were sent. */
  const ready = () => {
    setPoliciesShown(undefined);
    setChecking(false);
    void submit();
  };
  const [withdrawing, setWithdrawing] = useState(false);
  const remove = async () => {
    await withdraw.mutateAsync({ semesterId, studentId: student.id });
    setChosen(chosen.map(() => ''));
    show({ severity: 'success', summary: 'Withdrawn', detail: `${student.firstName} is out of the draw.` });
  };

  return (
    <Stack component="fieldset" spacing={1.5} sx={{ border: 0, p: 0, m: 0 }}>
      <Typography component="legend" variant="subtitle1" sx={{ fontWeight: 600 }}>
        {name}
      </Typography>
      {request?.result && (
        <Chip
          // A reason is a sentence: the label wraps rather than being cut on a phone.
          sx={{ alignSelf: 'flex-start', height: 'auto', py: 0.5, '& .MuiChip-label': { whiteSpace: 'normal' } }}
          color={request.result.outcome === 'enrolled' ? 'success' : 'warning'}
          label={
            request.result.outcome === 'enrolled'
              ? `Seated: ${labelOf(request.result.choice!) ?? 'a class'} (choice ${request.result.rank})`
              : request.result.outcome === 'waitlisted'
                ? `On the waitlist for ${labelOf(request.result.choice!) ?? 'a class'}`
                : `Not placed: ${request.result.reason ?? 'no choice admits this child'}`
          }
        />
      )}
      {open && policiesShown ? (
        <Stack ref={step} tabIndex={-1} sx={{ outline: 'none' }}>
          <PoliciesToAccept
            asked={policiesShown}
            child={student}
            acceptLabel={`Accept and save ${student.firstName}'s choices`}
            onBack={() => setPoliciesShown(undefined)}
            onAccepted={ready}
          />
        </Stack>
      ) : open && checking ? (
        <Stack ref={step} tabIndex={-1} spacing={2} sx={{ outline: 'none' }}>
          {problem && <Alert severity="info">{problem}</Alert>}
          <StudentForm student={student} onCancel={() => setChecking(false)} onSaved={ready} onConfirmed={ready} />
        </Stack>
      ) : open ? (
        <>
          {chosen.map((value, index) => (
            <TextField
              // The choices are ranked: their place is their identity.
              key={index}
              select
              size="small"
              label={`Choice ${index + 1}${index === 0 ? '' : ' (optional)'}`}
              value={value}
              onChange={(event) => setChosen(chosen.map((old, at) => (at === index ? event.target.value : old)))}
            >
              <MenuItem value="">
                <em>None</em>
              </MenuItem>
              {options.map((option) => (
                <MenuItem key={keyOf(option.choice)} value={keyOf(option.choice)}>
                  {option.label}
                </MenuItem>
              ))}
            </TextField>
          ))}
          {problem && <Alert severity="error">{problem}</Alert>}
          {toCheck && (
            <Button variant="outlined" sx={{ alignSelf: 'flex-start' }} onClick={() => setChecking(true)}>
              {`Check ${student.firstName}'s details`}
            </Button>
          )}
          <Stack direction="row" spacing={1}>
            <Button variant="contained" onClick={() => void submit()} disabled={save.isPending}>
              Save {student.firstName}'s choices
            </Button>
            {request && (
              <Button color="error" onClick={() => setWithdrawing(true)}>
                Withdraw
              </Button>
            )}
          </Stack>
        </>
      ) : (
        <Typography color="text.secondary">
          {request
            ? `Choices: ${request.choices.map((choice, index) => `${index + 1}. ${labelOf(choice) ?? choice.id}`).join(', ')}`
            : 'No request.'}
        </Typography>
      )}
      {withdrawing && (
        <ConfirmDialog
          title={`Withdraw ${student.firstName} from the draw?`}
          confirmLabel="Withdraw"
          busyLabel="Withdrawing…"
          destructive
          action={remove}
          onClose={() => setWithdrawing(false)}
        >
          <DialogContentText>
            {student.firstName}'s choices are removed. You can send new ones until requests close.
          </DialogContentText>
        </ConfirmDialog>
      )}
    </Stack>
  );
}
