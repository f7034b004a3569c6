// Inviting an instructor by e-mail to classes, or changing the classes an instructor teaches: the same choice of
// classes, saved with inviteInstructor or assignInstructor.
import Checkbox from '@mui/material/Checkbox';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { useState, type FormEvent } from 'react';
import type { InstructorSummary } from '@contract/classDay';
import { manifest } from '@contract/manifest';
import type { Class } from '@contract/records';
import { useSave } from '../../api/useSave';
import { useToast } from '../../layout/toast';
import { SaveDialog } from '../SaveDialog';

interface ClassesDialogProps {
  classes: Array<Pick<Class, 'id' | 'name'>>;
  /** The instructor whose classes change; none: a new invitation. */
  instructor?: InstructorSummary;
  onClose: () => void;
}

const NAMES = {
  email: { the: "the instructor's e-mail address" },
  classIds: { the: 'the classes', verb: 'Choose' as const },
};

export function ClassesDialog({ classes, instructor, onClose }: ClassesDialogProps) {
  const [email, setEmail] = useState('');
  const [classIds, setClassIds] = useState(instructor?.classes.map((cls) => cls.id) ?? []);
  const shows = (field: string) => field === 'email' || field === 'classIds';
  const names = (field: string) => NAMES[field as keyof typeof NAMES];
  const invite = useSave('inviteInstructor', { schema: manifest.inviteInstructor.input, shows, names });
  const assign = useSave('assignInstructor', { schema: manifest.assignInstructor.input, shows, names });
  const form = instructor ? assign : invite;
  const show = useToast();
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const saved = instructor
      ? await assign.save({ sub: instructor.sub, classIds })
      : await invite.save({ email: email.trim(), classIds });
    if (!saved) return;
    show(
      instructor
        ? {
            severity: 'success',
            summary: 'Classes saved',
            detail: `${instructor.email} sees them from their next call.`,
          }
        : { severity: 'success', summary: 'Invitation sent', detail: `${email.trim()} gets an e-mail to accept it.` },
    );
    onClose();
  };
  const toggle = (id: string, on: boolean) =>
    setClassIds((chosen) => (on ? [...chosen, id] : chosen.filter((other) => other !== id)));
  return (
    <SaveDialog
      title={instructor ? `Classes of ${instructor.email}` : 'Invite an instructor'}
      saveLabel={instructor ? 'Save classes' : 'Invite'}
      saving={form.saving}
      message={form.message}
      onSubmit={(event) => void submit(event)}
      onClose={onClose}
      dirty={!!email || classIds.length !== (instructor?.classes.length ?? 0)}
      formRef={form.formRef}
    >
      <Stack spacing={2} sx={{ pt: 1 }}>
        {!instructor && (
          <TextField
            label="E-mail of the instructor"
            type="email"
            value={email}
            onChange={(event) => setEmail(event.target.value)}
            error={!!form.errors.email}
            helperText={form.errors.email ?? 'They accept signed in with this address.'}
            required
          />
        )}
        <FormControl component="fieldset">
          <FormLabel component="legend">Classes they teach</FormLabel>
          {classes.length === 0 && <FormHelperText>The semester chosen has no classes.</FormHelperText>}
          <FormGroup>
            {classes.map((cls) => (
              <FormControlLabel
                key={cls.id}
                control={<Checkbox checked={classIds.includes(cls.id)} onChange={(_, on) => toggle(cls.id, on)} />}
                label={cls.name}
              />
            ))}
          </FormGroup>
          {form.errors.classIds && <FormHelperText error>{form.errors.classIds}</FormHelperText>}
        </FormControl>
      </Stack>
    </SaveDialog>
  );
}
