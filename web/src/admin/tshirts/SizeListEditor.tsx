// The t-shirt sizes families choose from, in the order they see them: relabel, reorder (buttons, so a
// keyboard can do it), add, retire or offer again; nothing changes until Save.
import ArrowDownwardIcon from '@mui/icons-material/ArrowDownward';
import ArrowUpwardIcon from '@mui/icons-material/ArrowUpward';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import IconButton from '@mui/material/IconButton';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useEffect, useRef, useState } from 'react';
import type { ManagedTshirtSize } from '@contract/records';
import { useFunction } from '../../api/queries';
import { useSave } from '../../api/useSave';
import { LoadFailure } from '../../layout/LoadFailure';
import { Waiting } from '../../layout/Waiting';
import { useToast } from '../../layout/toast';
import { AddSize } from './AddSize';
import { labelProblem, moved, sameList, toSave } from './sizeList';

type Step = -1 | 1;

export function SizeListEditor() {
  // Saved, the answer is the new list, and the list shown follows it.
  const loaded = useFunction('adminTshirtSizes');
  // Its messages name sizes by their place in the list ("sizes[3].code: …"): they are shown whole.
  const saving = useSave('saveTshirtSizes', { shows: () => false });
  const show = useToast();
  const [saved, setSaved] = useState<ManagedTshirtSize[]>([]);
  const [draft, setDraft] = useState<ManagedTshirtSize[]>([]);
  const adopt = (sizes: ManagedTshirtSize[]) => {
    setSaved(sizes);
    setDraft(sizes);
    saving.forget();
  };
  const fromServer = loaded.data?.sizes;
  useEffect(() => {
    if (fromServer) adopt(fromServer);
  }, [fromServer]);
  // Back to the list as it is now, whether or not it changed meanwhile.
  const reload = async () => {
    const { data } = await loaded.refetch();
    if (data) adopt(data.sizes);
  };

  // A moved size keeps the focus on its button, so pressing it again moves it further.
  const moveButtons = useRef(new Map<string, HTMLButtonElement | null>());
  const [focusAfterMove, setFocusAfterMove] = useState<{ code: string; step: Step }>();
  useEffect(() => {
    if (!focusAfterMove) return;
    const { code, step } = focusAfterMove;
    const same = moveButtons.current.get(`${code}|${step}`);
    (same && !same.disabled ? same : moveButtons.current.get(`${code}|${-step}`))?.focus();
    setFocusAfterMove(undefined);
  }, [focusAfterMove]);

  const change = (index: number, changes: Partial<ManagedTshirtSize>) =>
    setDraft((sizes) => sizes.map((size, at) => (at === index ? { ...size, ...changes } : size)));
  const move = (index: number, step: Step) => {
    setDraft((sizes) => moved(sizes, index, step));
    setFocusAfterMove({ code: draft[index]!.code, step });
  };

  const save = async () => {
    if (await saving.save({ sizes: toSave(draft) }))
      show({ severity: 'success', summary: 'Saved', detail: 'The t-shirt sizes are saved.' });
  };
  const busy = saving.saving;
  const failure = saving.message;

  if (loaded.isPending) return <Waiting />;
  if (loaded.isError)
    return <LoadFailure what="The t-shirt sizes" error={loaded.error} onRetry={() => void loaded.refetch()} />;

  const dirty = !sameList(draft, saved);
  const invalid = draft.some((size) => labelProblem(size.label));
  return (
    <Stack spacing={2} sx={{ maxWidth: 760 }}>
      <Alert severity="info">
        Families choose from the sizes offered, in this order. A size is never deleted: retire it and it is no longer
        offered, while students who have it keep it and still count in the t-shirt counts.
      </Alert>
      <Paper variant="outlined">
        <List aria-label="T-shirt sizes" disablePadding>
          {draft.map((size, index) => (
            <ListItem key={size.code} divider sx={{ gap: 1, flexWrap: 'wrap', opacity: size.retired ? 0.7 : 1 }}>
              <Chip label={size.code} size="small" variant="outlined" sx={{ minWidth: 56 }} />
              <TextField
                size="small"
                label="Label"
                value={size.label}
                onChange={(event) => change(index, { label: event.target.value })}
                error={Boolean(labelProblem(size.label))}
                helperText={labelProblem(size.label)}
                slotProps={{ htmlInput: { 'aria-label': `Label of ${size.code}` } }}
                sx={{ flex: '1 1 180px' }}
              />
              {size.retired && <Chip label="Retired" size="small" />}
              <IconButton
                ref={(button) => void moveButtons.current.set(`${size.code}|-1`, button)}
                aria-label={`Move ${size.label} up`}
                disabled={index === 0}
                onClick={() => move(index, -1)}
              >
                <ArrowUpwardIcon />
              </IconButton>
              <IconButton
                ref={(button) => void moveButtons.current.set(`${size.code}|1`, button)}
                aria-label={`Move ${size.label} down`}
                disabled={index === draft.length - 1}
                onClick={() => move(index, 1)}
              >
                <ArrowDownwardIcon />
              </IconButton>
              <Button
                size="small"
                sx={{ minWidth: 110 }}
                onClick={() => change(index, { retired: !size.retired })}
                aria-label={`${size.retired ? 'Offer again' : 'Retire'} ${size.label}`}
              >
                {size.retired ? 'Offer again' : 'Retire'}
              </Button>
            </ListItem>
          ))}
        </List>
      </Paper>
      <AddSize sizes={draft} onAdd={(size) => setDraft((sizes) => [...sizes, size])} />
      {failure && (
        <Alert
          severity="error"
          action={
            <Button color="inherit" size="small" onClick={() => void reload()}>
              Reload the list
            </Button>
          }
        >
          The sizes were not saved: {failure}
        </Alert>
      )}
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
        <Button variant="contained" disabled={!dirty || invalid || busy} onClick={() => void save()}>
          {busy ? 'Saving…' : 'Save'}
        </Button>
        <Button disabled={!dirty || busy} onClick={() => setDraft(saved)}>
          Discard changes
        </Button>
        {dirty && (
          <Typography variant="body2" color="text.secondary">
            Unsaved changes
          </Typography>
        )}
      </Stack>
    </Stack>
  );
}
