// Enrolling in a class or group: pick a child (or add one without leaving the page), confirm, and see the
// outcome: enrolled, or waitlisted at position N; on a very busy day first the place in line until then.
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControlLabel from '@mui/material/FormControlLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useEffect, useReducer, useRef, useState } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { enrollmentCapsOf, offerHoursOf, type EnrollmentCaps, type Student } from '@contract/records';
import { StudentForm } from '../account/students/StudentForm';
import { useQueryClient } from '@tanstack/react-query';
import { useFunction } from '../api/queries';
import {
  AnswerFields,
  answerProblemsOf,
  checkedAnswers,
  focusFirstAnswerProblem,
  type AnswerDraft,
} from '../layout/AnswerFields';
import { changed } from '../api/changes';
import { asApiError } from '../api/client';
import { BUSY_MESSAGE } from '@contract/errors';
import { i18n, useI18n } from '../i18n/enroll';
import { confirmedText } from './words';
import { gradeText } from '../layout/schedule';
import { studentToCheck } from '../api/detailsToCheck';
import { useCatalogueRead } from '../api/queries';
import { useAuth } from '../api/session';
import { useProgrammeTimeZone, useRemoteConfig } from '../layout/RemoteConfig';
import { LoadFailure } from '../layout/LoadFailure';
import { useCloseGuard } from '../layout/useCloseGuard';
import { Waiting } from '../layout/Waiting';
import { enrollInTurn } from './enrollInTurn';
import { enrollStep, FIRST_STEP, isSending } from './enrollSteps';
import { InLineNotice } from './InLineNotice';
import { PoliciesToAccept, policiesAsked, type PoliciesAsked } from './PoliciesToAccept';
import { targetClasses, targetName, type EnrollTarget } from './enrollTarget';
import { outcomeText } from './outcome';
import { detailsConfirmedSinceOf, detailsNeedChecking } from '@contract/configNames';
import { capReason, standingLabel, standingOf } from './standing';
import { useFamily, type Family } from './useFamily';
import { paths } from '../layout/paths';
import { writtenIn } from '../i18n/Written';
import type { Language } from '../i18n/languages';

/** Why a child's details are to be checked first: when they were last confirmed, if ever. */
const checkFirst = (at: string | undefined, timeZone: string) =>
  at
    ? i18n._('enroll.dialog.checkFirst', { date: confirmedText(at, timeZone) })
    : i18n._('enroll.dialog.checkFirstNever');

/**
 * Each child with where they stand: only a child free to enroll can be chosen; the others say why not. A
 * child free but whose details were last confirmed before `since` (the yearly check, a day on the clock of
 * `timeZone`, the programme's) is to be checked first.
 */
function childChoices(
  target: EnrollTarget,
  children: Student[],
  family: Family | undefined,
  caps: EnrollmentCaps | undefined,
  since: string | undefined,
  timeZone: string,
  /** Children the server asked to check (the day was set after this page read the configuration). */
  refused: ReadonlySet<string>,
) {
  const enrollments = family?.enrollments ?? [];
  const capped = caps && capReason(target, enrollments, caps);
  return children.map((student) => {
    const standing = standingOf(student, target, enrollments);
    const check =
      standing.kind === 'free' &&
      !capped &&
      (refused.has(student.id) || detailsNeedChecking(student.detailsConfirmedAt, since, timeZone));
    return {
      student,
      check,
      why:
        standing.kind !== 'free'
          ? standingLabel(standing)
          : capped
            ? i18n._('enroll.dialog.notPossible', { reason: capped })
            : check
              ? checkFirst(student.detailsConfirmedAt, timeZone)
              : undefined,
    };
  });
}

/** What the chosen child is to accept before enrolling, in the words the server's refusal uses. */
function policiesNotice(firstName: string, { policies }: PoliciesAsked): string {
  const titles = policies
    .filter((policy) => policy.required)
    .map((policy) => writtenIn(i18n.locale as Language, policy.title, policy.es?.title).text);
  return i18n._('enroll.dialog.policiesFirst', { name: firstName, count: titles.length, titles: titles.join(', ') });
}

export function EnrollDialog({ target, onClose }: { target: EnrollTarget; onClose: () => void }) {
  const client = useQueryClient();
  const { students, family } = useFamily();
  const { isAdmin } = useAuth();
  const config = useRemoteConfig();
  // Administrators are not held to the family caps (docs/product-rules.md#caps).
  const caps = isAdmin ? undefined : enrollmentCapsOf(config);
  // Nor to the yearly check of a child's details.
  const since = isAdmin ? undefined : detailsConfirmedSinceOf(config);
  const timeZone = useProgrammeTimeZone();
  const { t } = useI18n();
  const fullScreen = useMediaQuery('(max-width:599.95px)');
  const [{ step, chosen, added, toCheck, failure }, dispatch] = useReducer(enrollStep, FIRST_STEP);
  const [typed, setTyped] = useState(false);
  const inForm = step.kind === 'adding' || step.kind === 'checking';
  // A child's details half typed are not lost to Escape or a click outside without asking.
  const { close, question } = useCloseGuard(inForm && typed, onClose);
  const sending = isSending(step);
  // Closing the dialog stops asking; the request stays in line and is decided all the same.
  const stop = useRef(new AbortController());
  useEffect(() => () => stop.current.abort(), []);

  const listed = students.data?.students ?? [];
  const children = [
    ...listed.map((student) => added.find((s) => s.id === student.id) ?? student),
    ...added.filter((student) => !listed.some((s) => s.id === student.id)),
  ];
  // The questions of the semester and the class (each class's, for a group), answered for the chosen child.
  const questions = useFunction(
    'enrollmentQuestions',
    target.kind === 'class' ? { classId: target.cls.id } : { groupId: target.group.id },
    { staleTime: 60_000 },
  );
  const asked = questions.data?.questions ?? [];
  const [draft, setDraft] = useState<AnswerDraft>({});
  const [answerProblems, setAnswerProblems] = useState<Record<string, string>>({});
  const [answersChecked, setAnswersChecked] = useState(false);
  const answersRef = useRef<HTMLDivElement>(null);
  const changeDraft = (next: AnswerDraft) => {
    setDraft(next);
    // Once checked, the messages follow what is typed.
    if (answersChecked) setAnswerProblems(checkedAnswers(asked, next).problems);
  };
  const choices = childChoices(target, children, family, caps, since, timeZone, toCheck);
  const child = choices.find(({ student, why }) => student.id === chosen && !why)?.student;
  const name = targetName(target);
  const full = targetClasses(target).some((cls) => cls.seatsLeft === 0);
  // A semester in offers mode holds a seat that opens for the family to accept.
  const semesterId = targetClasses(target)[0]?.semesterId;
  const semesters = useCatalogueRead('semesters');
  const offerHours = offerHoursOf(semesters.data?.semesters.find((semester) => semester.id === semesterId));
  // The policies the chosen child is to accept first, asked before anything is sent (administrators are not held to them).
  const toAccept = useFunction(
    'policiesToAccept',
    { studentId: child?.id ?? '', semesterId: semesterId ?? '' },
    { enabled: !isAdmin && child !== undefined && semesterId !== undefined },
  );
  const policiesFirst: PoliciesAsked | undefined =
    child && semesterId && toAccept.data?.policies.length
      ? { studentId: child.id, semesterId, policies: toAccept.data.policies }
      : undefined;

  const enroll = async () => {
    if (!child) return;
    const { answers, problems } = checkedAnswers(asked, draft);
    setAnswersChecked(true);
    setAnswerProblems(problems);
    if (Object.keys(problems).length > 0) {
      focusFirstAnswerProblem(answersRef.current);
      return;
    }
    // Read and accepted first, on their own step; from there, accepting sends the request.
    if (policiesFirst && step.kind !== 'policies') {
      dispatch({ type: 'policiesAsked', asked: policiesFirst });
      return;
    }
    dispatch({ type: 'send' });
    try {
      const payload = {
        studentId: child.id,
        ...(target.kind === 'class' ? { classId: target.cls.id } : { groupId: target.group.id }),
        ...(answers.length > 0 && { answers }),
      };
      const enrollments = await enrollInTurn(
        payload,
        semesterId!,
        (inLine) => dispatch({ type: 'toldInLine', inLine }),
        stop.current.signal,
      );
      if (!enrollments) return;
      dispatch({ type: 'decided', student: child, enrollments });
      // The seats the family sees next are read past the caches.
      changed(client, 'enroll');
    } catch (error) {
      const refusal = asApiError(error);
      const policies = policiesAsked(refusal.details);
      if (policies) {
        dispatch({ type: 'policiesAsked', asked: policies });
        return;
      }
      const refusedAnswers = answerProblemsOf(refusal.details);
      setAnswerProblems(refusedAnswers);
      // The questions changed since the dialog read them: read them again, the problem shown under its own.
      if (Object.keys(refusedAnswers).length > 0) {
        void questions.refetch();
        focusFirstAnswerProblem(answersRef.current);
      }
      dispatch({ type: 'refused', message: refusal.message, studentToCheck: studentToCheck(refusal.details) });
    }
  };

  /** A child added, or its details saved or confirmed: back to the list, the child chosen. */
  const childSaved = (student: Student) => {
    dispatch({ type: 'childSaved', student });
    setTyped(false);
  };
  const formCancelled = () => {
    dispatch({ type: 'formCancelled' });
    setTyped(false);
  };

  const again = () => {
    dispatch({ type: 'again' });
    setDraft({});
    setAnswersChecked(false);
    setAnswerProblems({});
  };

  return (
    <Dialog
      open
      onClose={step.kind === 'sending' ? undefined : close}
      fullWidth
      maxWidth="sm"
      fullScreen={fullScreen}
      aria-labelledby="enroll-title"
    >
      {question}
      <DialogTitle id="enroll-title">
        {t(full ? 'enroll.dialog.titleWaitlist' : 'enroll.dialog.titleEnroll', { name })}
      </DialogTitle>
      <DialogContent dividers>
        {step.kind === 'decided' ? (
          <Alert severity={step.enrollments[0]?.status === 'waitlisted' ? 'info' : 'success'}>
            {outcomeText(target, step.student, step.enrollments, offerHours)}
          </Alert>
        ) : step.kind === 'inLine' && child ? (
          <InLineNotice inLine={step.inLine} childName={child.firstName} />
        ) : step.kind === 'policies' && child?.id === step.asked.studentId ? (
          <PoliciesToAccept
            asked={step.asked}
            child={child}
            // On a full class accepting adds the child to the waitlist, as the dialog's button says.
            {...(full && { acceptLabel: t('enroll.dialog.acceptToWaitlist', { name: child.firstName }) })}
            onBack={() => dispatch({ type: 'policiesBack' })}
            onAccepted={() => void enroll()}
          />
        ) : step.kind === 'checking' ? (
          <>
            <Alert severity="info" sx={{ mb: 2 }}>
              {t('enroll.dialog.checkDetailsIntro', { name: step.student.firstName })}
            </Alert>
            <StudentForm
              student={step.student}
              onCancel={formCancelled}
              onTyped={() => setTyped(true)}
              onSaved={childSaved}
              onConfirmed={childSaved}
            />
          </>
        ) : step.kind === 'adding' ? (
          <StudentForm onCancel={formCancelled} onTyped={() => setTyped(true)} onSaved={childSaved} />
        ) : students.isPending ? (
          <Waiting />
        ) : students.isError ? (
          <LoadFailure
            what={t('enroll.dialog.yourChildren')}
            error={students.error}
            onRetry={() => void students.refetch()}
          />
        ) : (
          <>
            {full && (
              <Alert severity="warning" sx={{ mb: 2 }}>
                {offerHours
                  ? t('enroll.dialog.fullOffer', { name, hours: offerHours })
                  : t('enroll.dialog.fullAuto', { name })}
              </Alert>
            )}
            {children.length === 0 ? (
              <Typography sx={{ mb: 1 }}>{t('enroll.dialog.addFirst')}</Typography>
            ) : (
              <RadioGroup
                aria-label={t('enroll.dialog.childToEnroll')}
                value={chosen ?? ''}
                onChange={(event) => dispatch({ type: 'choose', studentId: event.target.value })}
              >
                {choices.map(({ student, why, check }) => (
                  <Box key={student.id}>
                    <FormControlLabel
                      value={student.id}
                      control={<Radio />}
                      disabled={!!why}
                      label={
                        <span>
                          {student.firstName} {student.lastName}
                          <Typography component="span" variant="body2" color="text.secondary" sx={{ ml: 1 }}>
                            {student.grade === undefined ? t('enroll.dialog.noGrade') : gradeText(student.grade)}
                          </Typography>
                          {why && (
                            <Typography
                              component="span"
                              variant="body2"
                              sx={{ display: 'block', color: 'text.primary' }}
                            >
                              {why}
                            </Typography>
                          )}
                        </span>
                      }
                    />
                    {check && (
                      <Button
                        size="small"
                        variant="outlined"
                        onClick={() => dispatch({ type: 'check', student })}
                        sx={{ display: 'flex', ml: 4, mb: 1 }}
                      >
                        {t('enroll.dialog.checkDetails', { name: student.firstName })}
                      </Button>
                    )}
                  </Box>
                ))}
              </RadioGroup>
            )}
            {policiesFirst && child && (
              <Alert severity="info" sx={{ mt: 1 }}>
                {policiesNotice(child.firstName, policiesFirst)}
              </Alert>
            )}
            <Button onClick={() => dispatch({ type: 'add' })} sx={{ mt: 1 }}>
              {t(children.length === 0 ? 'enroll.dialog.addChild' : 'enroll.dialog.addAnother')}
            </Button>
            {questions.isError ? (
              <LoadFailure
                what={t('enroll.dialog.theQuestions')}
                error={questions.error}
                onRetry={() => void questions.refetch()}
              />
            ) : (
              asked.length > 0 && (
                <Box ref={answersRef} component="section" aria-labelledby="enroll-questions" sx={{ mt: 2 }}>
                  <Typography id="enroll-questions" variant="subtitle1" component="h2">
                    {child
                      ? t('enroll.dialog.questionsAbout', { name: child.firstName })
                      : t('enroll.dialog.questions')}
                  </Typography>
                  <Typography variant="body2" color="text.secondary">
                    {t('enroll.dialog.questionsHelp')}
                  </Typography>
                  <AnswerFields
                    questions={asked}
                    draft={draft}
                    problems={answerProblems}
                    onChange={changeDraft}
                    headingOf={
                      target.kind === 'group'
                        ? (classId) => classId && targetClasses(target).find((cls) => cls.id === classId)?.name
                        : undefined
                    }
                  />
                </Box>
              )
            )}
            {failure && (
              <Alert severity="error" sx={{ mt: 2 }}>
                {/* The server's words; its English "very busy" (asked again already) in the reader's language. */}
                {failure === BUSY_MESSAGE ? t('enroll.dialog.busy') : failure}
              </Alert>
            )}
          </>
        )}
      </DialogContent>
      {!inForm && step.kind !== 'policies' && (
        <DialogActions>
          {step.kind === 'decided' ? (
            <>
              <Button component={RouterLink} to={paths.myEnrollments}>
                {t('enroll.dialog.seeEnrollments')}
              </Button>
              <Button onClick={again}>{t('enroll.dialog.again')}</Button>
              <Button variant="contained" onClick={onClose}>
                {t('enroll.dialog.done')}
              </Button>
            </>
          ) : (
            <>
              <Button onClick={onClose} disabled={step.kind === 'sending'}>
                {t(step.kind === 'inLine' ? 'enroll.dialog.close' : 'enroll.dialog.cancel')}
              </Button>
              <Button
                variant="contained"
                onClick={() => void enroll()}
                disabled={!child || sending || questions.isPending || questions.isError}
              >
                {sending
                  ? t('enroll.dialog.saving')
                  : questions.isPending
                    ? t('enroll.dialog.loadingQuestions')
                    : child
                      ? t(full ? 'enroll.dialog.addToWaitlist' : 'enroll.dialog.enrollChild', {
                          name: child.firstName,
                        })
                      : t('enroll.dialog.chooseChild')}
              </Button>
            </>
          )}
        </DialogActions>
      )}
    </Dialog>
  );
}
