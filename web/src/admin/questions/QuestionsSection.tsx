// A semester's or a class's questions for families enrolling: listed in the order families see them, each
// edited in a dialog, moved up or down, or removed after a confirmation. Every change saves the list.
import AddIcon from '@mui/icons-material/Add';
import ArrowDownwardIcon from '@mui/icons-material/ArrowDownward';
import ArrowUpwardIcon from '@mui/icons-material/ArrowUpward';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import DialogContentText from '@mui/material/DialogContentText';
import IconButton from '@mui/material/IconButton';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { MAX_QUESTIONS, type Question } from '@contract/records';
import { useChange } from '../../api/changes';
import { asApiError } from '../../api/client';
import { useFunction } from '../../api/queries';
import { ConfirmDialog } from '../../layout/ConfirmDialog';
import { LoadFailure } from '../../layout/LoadFailure';
import { Section } from '../../layout/Section';
import { Waiting } from '../../layout/Waiting';
import { useToast } from '../../layout/toast';
import { QuestionDialog } from './QuestionDialog';
import { questionSummary, type QuestionScope } from './questionText';

export function QuestionsSection({ scope, help }: { scope: QuestionScope; help: string }) {
  const listed = useFunction('questions', scope);
  const saveQuestions = useChange('saveQuestions');
  const show = useToast();
  const [editing, setEditing] = useState<Question | 'new'>();
  const [removing, setRemoving] = useState<Question>();
  const [failure, setFailure] = useState<string>();
  const questions = listed.data?.questions ?? [];
  // The list as read: a change made on it is refused once another administrator changed it meanwhile.
  const seen = listed.data?.updatedAt ?? null;

  const move = async (index: number, by: -1 | 1) => {
    const list = [...questions];
    [list[index], list[index + by]] = [list[index + by]!, list[index]!];
    setFailure(undefined);
    try {
      await saveQuestions.mutateAsync({ ...scope, questions: list, seen });
    } catch (error) {
      setFailure(asApiError(error).message);
      void listed.refetch();
    }
  };

  return (
    <Section title="Questions for families">
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
        {help} Families answer them when enrolling and may change their answers until the class starts; the roster, the
        student sheet and the roster CSV show them. Answers already given keep the words they were given under.
      </Typography>
      {listed.isPending && <Waiting />}
      {listed.isError && (
        <LoadFailure what="The questions" error={listed.error} onRetry={() => void listed.refetch()} />
      )}
      {listed.isSuccess &&
        (questions.length === 0 ? (
          <Typography color="text.secondary">No questions yet.</Typography>
        ) : (
          <List disablePadding aria-label="Questions">
            {questions.map((question, index) => (
              <ListItem key={question.id} divider disableGutters sx={{ flexWrap: 'wrap', gap: 1 }}>
                <ListItemText primary={question.label} secondary={questionSummary(question)} sx={{ minWidth: 200 }} />
                <Stack direction="row" spacing={0.5} sx={{ alignItems: 'center' }}>
                  <IconButton
                    onClick={() => void move(index, -1)}
                    disabled={index === 0 || saveQuestions.isPending}
                    aria-label={`Move "${question.label}" up`}
                  >
                    <ArrowUpwardIcon />
                  </IconButton>
                  <IconButton
                    onClick={() => void move(index, 1)}
                    disabled={index === questions.length - 1 || saveQuestions.isPending}
                    aria-label={`Move "${question.label}" down`}
                  >
                    <ArrowDownwardIcon />
                  </IconButton>
                  <Button size="small" onClick={() => setEditing(question)} aria-label={`Edit "${question.label}"`}>
                    Edit
                  </Button>
                  <Button
                    size="small"
                    color="error"
                    onClick={() => setRemoving(question)}
                    aria-label={`Remove "${question.label}"`}
                  >
                    Remove
                  </Button>
                </Stack>
              </ListItem>
            ))}
          </List>
        ))}
      {failure && (
        <Alert severity="error" sx={{ mt: 1 }}>
          {failure}
        </Alert>
      )}
      <Button
        startIcon={<AddIcon />}
        onClick={() => setEditing('new')}
        disabled={!listed.isSuccess || questions.length >= MAX_QUESTIONS}
        sx={{ mt: 1 }}
      >
        Add a question
      </Button>
      {editing !== undefined && (
        <QuestionDialog
          scope={scope}
          questions={questions}
          seen={seen}
          onRefused={() => void listed.refetch()}
          editing={editing === 'new' ? undefined : editing}
          onClose={() => setEditing(undefined)}
          onSaved={(saved) => {
            show({ severity: 'success', summary: 'Saved', detail: `"${saved.label}" is saved.` });
            setEditing(undefined);
          }}
        />
      )}
      {removing && (
        <ConfirmDialog
          title={`Remove "${removing.label}"?`}
          confirmLabel="Remove question"
          destructive
          onClose={() => setRemoving(undefined)}
          action={async () => {
            await saveQuestions
              .mutateAsync({ ...scope, questions: questions.filter((question) => question.id !== removing.id), seen })
              .catch((error: unknown) => {
                void listed.refetch();
                throw error;
              });
            show({ severity: 'success', summary: 'Removed', detail: `"${removing.label}" is no longer asked.` });
          }}
        >
          <DialogContentText>
            Families enrolling from now on are no longer asked it. The answers already given stay on the roster and the
            student sheets as they were given.
          </DialogContentText>
        </ConfirmDialog>
      )}
    </Section>
  );
}
