// Creating or changing a class group: a name, a description and the classes families enroll in together.
import Autocomplete from '@mui/material/Autocomplete';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { useState, type FormEvent } from 'react';
import { classGroupInput, type Class, type ClassGroup } from '@contract/records';
import { useSave, type FieldName } from '../../api/useSave';
import { SaveDialog } from '../SaveDialog';
import { inSpanish, spanishInput, SPANISH_HINT } from '../spanish';

const shown = (field: string) =>
  ['name', 'description', 'es.description'].includes(field) || /^classIds(\[\d+\])?$/.test(field);
const NAMES: Record<string, FieldName> = {
  name: { the: "the group's name" },
  description: { the: "the group's description" },
  'es.description': { the: "the group's description in Spanish" },
  classIds: {
    the: "the group's classes",
    verb: 'Choose',
    says: { 'must hold at least two classes': 'Choose at least two classes' },
  },
};

export function GroupDialog({
  semesterId,
  group,
  classes,
  onSaved,
  onClose,
}: {
  semesterId: string;
  group?: ClassGroup;
  classes: Class[];
  onSaved: (group: ClassGroup) => void;
  onClose: () => void;
}) {
  const [name, setName] = useState(group?.name ?? '');
  const [description, setDescription] = useState(group?.description ?? '');
  const [esDescription, setEsDescription] = useState(group?.es?.description ?? '');
  const [classIds, setClassIds] = useState<string[]>(group?.classIds ?? []);
  const { errors, message, saving, save, formRef } = useSave('saveGroup', {
    schema: classGroupInput,
    shows: shown,
    names: (field) => NAMES[field.replace(/\[\d+\]$/, '')],
  });
  const dirty =
    name !== (group?.name ?? '') ||
    description !== (group?.description ?? '') ||
    esDescription !== (group?.es?.description ?? '') ||
    classIds.join() !== (group?.classIds ?? []).join();
  const classesError = Object.entries(errors).find(([field]) => field.startsWith('classIds'))?.[1];

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const saved = await save({
      ...(group && { id: group.id }),
      semesterId,
      name,
      description,
      ...spanishInput({ description: esDescription }),
      classIds,
    });
    if (saved) onSaved(saved.group);
  };

  return (
    <SaveDialog
      title={group ? `Edit ${group.name}` : 'New class group'}
      saveLabel={group ? 'Save group' : 'Create group'}
      saving={saving}
      message={message}
      onSubmit={(event) => void submit(event)}
      onClose={onClose}
      dirty={dirty}
      formRef={formRef}
    >
      <Stack spacing={2} sx={{ pt: 1 }}>
        <TextField
          label="Name"
          value={name}
          onChange={(event) => setName(event.target.value)}
          error={!!errors.name}
          helperText={errors.name}
          required
          fullWidth
        />
        <TextField
          label="Description"
          value={description}
          onChange={(event) => setDescription(event.target.value)}
          error={!!errors.description}
          helperText={errors.description}
          multiline
          minRows={2}
          fullWidth
        />
        <TextField
          label={inSpanish('Description')}
          value={esDescription}
          onChange={(event) => setEsDescription(event.target.value)}
          error={!!errors['es.description']}
          helperText={errors['es.description'] ?? SPANISH_HINT}
          multiline
          minRows={2}
          fullWidth
        />
        <Autocomplete
          multiple
          options={classes}
          value={classIds.flatMap((id) => classes.filter((cls) => cls.id === id))}
          onChange={(_event, chosen) => setClassIds(chosen.map((cls) => cls.id))}
          getOptionLabel={(cls) => cls.name}
          isOptionEqualToValue={(option, value) => option.id === value.id}
          renderInput={(params) => (
            <TextField
              {...params}
              label="Classes"
              error={!!classesError}
              helperText={classesError ?? 'Families enroll in every class of the group at once, all or nothing.'}
            />
          )}
        />
      </Stack>
    </SaveDialog>
  );
}
