// A family changes the answers it gave with an enrollment (until the class starts): the questions of the
// semester and the class as they are now, filled with the answers given.
import Alert from '@mui/material/Alert';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useId, useRef, useState, type FormEvent } from 'react';
import type { NamedEnrollment } from '@contract/records';
import { useChange } from '../api/changes';
import { asApiError } from '../api/client';
import { useFunction } from '../api/queries';
import {
  AnswerFields,
  answerProblemsOf,
  checkedAnswers,
  draftOf,
  focusFirstAnswerProblem,
  type AnswerDraft,
} from '../layout/AnswerFields';
import { LoadFailure } from '../layout/LoadFailure';
import { SaveButtons } from '../layout/SaveButtons';
import { useCloseGuard } from '../layout/useCloseGuard';
import { Waiting } from '../layout/Waiting';
import { useToast } from '../layout/toast';
import { useI18n } from '../i18n/enrollments';
import { useFormat } from '../i18n/format';

/** A date alone (YYYY-MM-DD): "Jan 17, 2027" / "17 ene 2027". */
const DATE_ALONE: Intl.DateTimeFormatOptions = { month: 'short', day: 'numeric', year: 'numeric', timeZone: 'UTC' };

export function AnswersDialog({ enrollment, onClose }: { enrollment: NamedEnrollment; onClose: () => void }) {
  const titleId = useId();
  const fullScreen = useMediaQuery('(max-width:599.95px)');
  const questions = useFunction('enrollmentQuestions', { classId: enrollment.classId });
  const saveAnswers = useChange('saveAnswers');
  const show = useToast();
  const { t } = useI18n();
  const format = useFormat();
  const [draft, setDraft] = useState<AnswerDraft>(() => draftOf(enrollment.answers));
  const [dirty, setDirty] = useState(false);
  const [checked, setChecked] = useState(false);
  const [problems, setProblems] = useState<Record<string, string>>({});
  const [message, setMessage] = useState<string>();
  const formRef = useRef<HTMLFormElement>(null);
  const { close, question } = useCloseGuard(dirty, onClose);
  const asked = questions.data?.questions ?? [];

  const change = (next: AnswerDraft) => {
    setDraft(next);
    setDirty(true);
    if (checked) setProblems(checkedAnswers(asked, next).problems);
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const { answers, problems: found } = checkedAnswers(asked, draft);
    setChecked(true);
    setProblems(found);
    setMessage(undefined);
    if (Object.keys(found).length > 0) return focusFirstAnswerProblem(formRef.current);
    try {
      await saveAnswers.mutateAsync({ enrollmentId: enrollment.id, answers });
      show({
        severity: 'success',
        summary: t('enrollments.answers.saved'),
        detail: t('enrollments.answers.savedDetail', { student: enrollment.studentName }),
      });
      onClose();
    } catch (error) {
      const refusal = asApiError(error);
      setProblems(answerProblemsOf(refusal.details));
      setMessage(refusal.message);
      focusFirstAnswerProblem(formRef.current);
    }
  };

  return (
    <Dialog
      open
      onClose={saveAnswers.isPending ? undefined : close}
      aria-labelledby={titleId}
      fullWidth
      maxWidth="sm"
      fullScreen={fullScreen}
    >
      {question}
      <form noValidate onSubmit={(event) => void submit(event)} ref={formRef}>
        <DialogTitle id={titleId}>
          {t('enrollments.answers.title', { student: enrollment.studentName, className: enrollment.className })}
        </DialogTitle>
        <DialogContent>
          {enrollment.startsOn && (
            <DialogContentText sx={{ mb: 1 }}>
              {t('enrollments.answers.until', { date: format.moment(`${enrollment.startsOn}T00:00:00Z`, DATE_ALONE) })}
            </DialogContentText>
          )}
          {questions.isPending ? (
            <Waiting />
          ) : questions.isError ? (
            <LoadFailure
              what={t('enrollments.answers.loadWhat')}
              error={questions.error}
              onRetry={() => void questions.refetch()}
            />
          ) : (
            <AnswerFields questions={asked} draft={draft} problems={problems} onChange={change} />
          )}
          {message && (
            <Alert severity="error" sx={{ mt: 2 }}>
              {message}
            </Alert>
          )}
        </DialogContent>
        <DialogActions>
          <SaveButtons saveLabel={t('enrollments.answers.save')} saving={saveAnswers.isPending} onCancel={close} />
        </DialogActions>
      </form>
    </Dialog>
  );
}
