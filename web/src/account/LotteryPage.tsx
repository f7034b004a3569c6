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
import { useCallback, useEffect, useRef, useState } from 'react';
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
import { useI18n } from '../i18n/lottery';
import { rich } from '../i18n/rich';
import { readerMoment } from '../i18n/readerMoment';
import { useProgrammeTimeZone } from '../layout/RemoteConfig';
import { StudentForm } from './students/StudentForm';
import { PoliciesToAccept, policiesAsked, type PoliciesAsked } from '../classes/PoliciesToAccept';

const keyOf = (choice: LotteryChoice) => `${choice.kind}:${choice.id}`;

/** A moment as the family reads it, in its language, on the programme's clock (the reader's own beside it). */
function useMoment(): (iso: string) => string {
  const { language } = useI18n();
  const timeZone = useProgrammeTimeZone();
  return useCallback((iso: string) => readerMoment(language, iso, timeZone), [language, timeZone]);
}

/** A choice's name for a result's words, when the options (loaded after the request) have it. */
const known = (choice: string | undefined) => ({ known: choice === undefined ? 'no' : 'yes', choice });

export function LotteryPage() {
  const lotteries = useFunction('myLotteries');
  const students = useFunction('students');
  const list = lotteries.data?.lotteries ?? [];
  const { t } = useI18n();
  return (
    <Stack spacing={3} sx={{ maxWidth: 820, mx: 'auto' }}>
      <PageTitle title={t('lottery.page.title')} summary={t('lottery.page.summary')} />
      {(lotteries.isPending || students.isPending) && <Waiting />}
      {lotteries.isError && (
        <LoadFailure
          what={t('lottery.page.theLotteries')}
          error={lotteries.error}
          onRetry={() => void lotteries.refetch()}
        />
      )}
      {students.isError && (
        <LoadFailure
          what={t('lottery.page.yourChildren')}
          error={students.error}
          onRetry={() => void students.refetch()}
        />
      )}
      {lotteries.isSuccess && list.length === 0 && <Alert severity="info">{t('lottery.page.none')}</Alert>}
      {students.isSuccess &&
        list.map((lottery) => (
          <LotterySection key={lottery.semester.id} lottery={lottery} students={students.data.students} />
        ))}
    </Stack>
  );
}

function LotterySection({ lottery, students }: { lottery: FamilyLottery; students: Student[] }) {
  const when = useMoment();
  const { t } = useI18n();
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
      label: t('lottery.semester.groupOption', { name: group.name }),
      classes: group.classIds.flatMap((id) => semesterClasses.find((cls) => cls.id === id) ?? []),
    })),
  ];

  return (
    <Section title={t('lottery.semester.title', { name: semester.name })}>
      <Stack spacing={2}>
        <HowItWorks lottery={lottery} />
        <DrawSeed lottery={lottery} />
        {!window.open && !draw && <Alert severity="info">{window.message}</Alert>}
        {draw && (
          <Alert severity="success">
            {rich(t('lottery.semester.published', { when: when(draw.publishedAt), seed: draw.seed }), [
              <LongCode key="seed">{draw.seed}</LongCode>,
            ])}
          </Alert>
        )}
        {classes.isError && (
          <LoadFailure
            what={t('lottery.page.theClasses')}
            error={classes.error}
            onRetry={() => void classes.refetch()}
          />
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
                        show({ severity: 'error', summary: t('lottery.semester.notSaved'), detail: error.message }),
                      );
                }}
              />
            }
            label={t('lottery.semester.keepTogether')}
          />
        )}
        {students.length === 0 && <Alert severity="info">{t('lottery.semester.noChildren')}</Alert>}
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
  const when = useMoment();
  const { t } = useI18n();
  return (
    <Stack spacing={1}>
      <Typography>
        {t('lottery.how.requests', {
          name: semester.name,
          most: lottery.choices,
          from: when(lottery.requestsOpen),
          close: when(lottery.requestsClose),
        })}
      </Typography>
      <Typography>{t(lottery.weighted ? 'lottery.how.drawWeighted' : 'lottery.how.draw')}</Typography>
      <Typography>
        {t('lottery.how.results', { results: when(lottery.resultsBy), open: when(lottery.seatsOpen) })}
      </Typography>
    </Stack>
  );
}

/**
 * The commitment to the draw's seed, and what it proves: the seed is chosen before requests close and published
 * with the results, so a draw run again with another seed would show here as a new commitment.
 */
function DrawSeed({ lottery: { lottery, commitments, draw } }: { lottery: FamilyLottery }) {
  const when = useMoment();
  const { t } = useI18n();
  const last = commitments.at(-1);
  if (!last) return null;
  const late = Date.parse(last.committedAt) >= Date.parse(lottery.requestsClose);
  return (
    <Stack spacing={1}>
      <Typography>
        {rich(
          t(draw ? 'lottery.seed.drawn' : 'lottery.seed.secret', {
            when: when(last.committedAt),
            late: late ? 'yes' : 'no',
            hash: last.hash,
          }),
          [<LongCode key="hash">{last.hash}</LongCode>],
        )}
      </Typography>
      {commitments.length > 1 && (
        <Typography>
          {t('lottery.seed.changed', { changes: commitments.length - 1, count: commitments.length })}
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
  const { t } = useI18n();
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
    if (!choices.length) return setProblem(t('lottery.child.atLeastOne', { name: student.firstName }));
    if (new Set(choices.map(keyOf)).size !== choices.length) return setProblem(t('lottery.child.once'));
    try {
      await save.mutateAsync({ semesterId, studentId: student.id, choices, keepTogether });
      show({
        severity: 'success',
        summary: t('lottery.child.saved'),
        detail: t('lottery.child.savedDetail', { name: student.firstName }),
      });
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
    show({
      severity: 'success',
      summary: t('lottery.child.withdrawn'),
      detail: t('lottery.child.withdrawnDetail', { name: student.firstName }),
    });
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
              ? t('lottery.child.seated', { ...known(labelOf(request.result.choice!)), rank: request.result.rank })
              : request.result.outcome === 'waitlisted'
                ? t('lottery.child.waitlisted', known(labelOf(request.result.choice!)))
                : t('lottery.child.notPlaced', {
                    known: request.result.reason ? 'yes' : 'no',
                    reason: request.result.reason,
                  })
          }
        />
      )}
      {open && policiesShown ? (
        <Stack ref={step} tabIndex={-1} sx={{ outline: 'none' }}>
          <PoliciesToAccept
            asked={policiesShown}
            child={student}
            acceptLabel={t('lottery.child.acceptAndSave', { name: student.firstName })}
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
              label={t(index === 0 ? 'lottery.child.choice' : 'lottery.child.choiceOptional', { number: index + 1 })}
              value={value}
              onChange={(event) => setChosen(chosen.map((old, at) => (at === index ? event.target.value : old)))}
            >
              <MenuItem value="">
                <em>{t('lottery.child.none')}</em>
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
              {t('lottery.child.checkDetails', { name: student.firstName })}
            </Button>
          )}
          <Stack direction="row" spacing={1}>
            <Button variant="contained" onClick={() => void submit()} disabled={save.isPending}>
              {t('lottery.child.save', { name: student.firstName })}
            </Button>
            {request && (
              <Button color="error" onClick={() => setWithdrawing(true)}>
                {t('lottery.child.withdraw')}
              </Button>
            )}
          </Stack>
        </>
      ) : (
        <Typography color="text.secondary">
          {request
            ? t('lottery.child.choices', {
                choices: request.choices
                  .map((choice, index) => `${index + 1}. ${labelOf(choice) ?? choice.id}`)
                  .join(', '),
              })
            : t('lottery.child.noRequest')}
        </Typography>
      )}
      {withdrawing && (
        <ConfirmDialog
          title={t('lottery.child.withdrawTitle', { name: student.firstName })}
          confirmLabel={t('lottery.child.withdraw')}
          busyLabel={t('lottery.child.withdrawing')}
          destructive
          action={remove}
          onClose={() => setWithdrawing(false)}
        >
          <DialogContentText>{t('lottery.child.withdrawText', { name: student.firstName })}</DialogContentText>
        </ConfirmDialog>
      )}
    </Stack>
  );
}
