// A semester's class groups: list, create, change their classes, delete.
import AddIcon from '@mui/icons-material/Add';
import Button from '@mui/material/Button';
import DialogContentText from '@mui/material/DialogContentText';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import type { Class, ClassGroup } from '@contract/records';
import { useChange } from '../../api/changes';
import { useFunction } from '../../api/queries';
import { Section } from '../../layout/Section';
import { LoadFailure } from '../../layout/LoadFailure';
import { Waiting } from '../../layout/Waiting';
import { useToast } from '../../layout/toast';
import { ConfirmDialog } from '../../layout/ConfirmDialog';
import { GroupDialog } from './GroupDialog';

export function GroupsSection({ semesterId, classes }: { semesterId: string; classes: Class[] }) {
  const groups = useFunction('semesterGroups', { semesterId });
  const deleteGroup = useChange('deleteGroup');
  const show = useToast();
  const [editing, setEditing] = useState<ClassGroup | 'new'>();
  const [deleting, setDeleting] = useState<ClassGroup>();
  const className = (id: string) => classes.find((cls) => cls.id === id)?.name ?? 'A deleted class';

  return (
    <Section title="Class groups">
      {groups.isPending && <Waiting />}
      {groups.isError && (
        <LoadFailure what="The class groups" error={groups.error} onRetry={() => void groups.refetch()} />
      )}
      {groups.isSuccess && (
        <Stack spacing={1}>
          <Typography variant="body2" color="text.secondary">
            A group with a closed class is not offered to families.
          </Typography>
          {groups.data.groups.length === 0 ? (
            <Typography color="text.secondary">
              No class groups. A group lets families enroll in several classes at once.
            </Typography>
          ) : (
            <List disablePadding aria-label="Class groups">
              {groups.data.groups.map((group) => (
                <ListItem
                  key={group.id}
                  divider
                  disableGutters
                  secondaryAction={
                    <Stack direction="row" spacing={1}>
                      <Button size="small" onClick={() => setEditing(group)} aria-label={`Edit ${group.name}`}>
                        Edit
                      </Button>
                      <Button
                        size="small"
                        color="error"
                        onClick={() => setDeleting(group)}
                        aria-label={`Delete ${group.name}`}
                      >
                        Delete
                      </Button>
                    </Stack>
                  }
                >
                  <ListItemText
                    primary={group.name}
                    secondary={group.classIds.map(className).join(' · ')}
                    sx={{ pr: 18 }}
                  />
                </ListItem>
              ))}
            </List>
          )}
        </Stack>
      )}
      <Button startIcon={<AddIcon />} onClick={() => setEditing('new')} disabled={classes.length < 2} sx={{ mt: 1 }}>
        New class group
      </Button>
      {editing && (
        <GroupDialog
          semesterId={semesterId}
          group={editing === 'new' ? undefined : editing}
          classes={classes}
          onClose={() => setEditing(undefined)}
          onSaved={(saved) => {
            show({ severity: 'success', summary: 'Saved', detail: `${saved.name} is saved.` });
            setEditing(undefined);
          }}
        />
      )}
      {deleting && (
        <ConfirmDialog
          title={`Delete ${deleting.name}?`}
          confirmLabel="Delete group"
          destructive
          onClose={() => setDeleting(undefined)}
          action={async () => {
            await deleteGroup.mutateAsync({ id: deleting.id });
            show({ severity: 'success', summary: 'Deleted', detail: `${deleting.name} was deleted.` });
          }}
        >
          <DialogContentText>
            Families can no longer enroll in the group. Its classes stay, and students already enrolled through it keep
            their seats (cancelling one still cancels the whole group enrollment).
          </DialogContentText>
        </ConfirmDialog>
      )}
    </Section>
  );
}
