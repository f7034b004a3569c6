// The addresses the portal no longer writes to (they bounced for good, or their owner complained), and "Write
// to it again" once the family has fixed its address: after a confirmation, since another bounce hurts
// every family's e-mail.
import Button from '@mui/material/Button';
import DialogContentText from '@mui/material/DialogContentText';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useChange } from '../../api/changes';
import { useFunction } from '../../api/queries';
import { useMomentText } from '../../layout/RemoteConfig';
import { Section } from '../../layout/Section';
import { ConfirmDialog } from '../../layout/ConfirmDialog';
import { LoadFailure } from '../../layout/LoadFailure';
import { useToast } from '../../layout/toast';
import { Waiting } from '../../layout/Waiting';

export function SuppressionsSection() {
  const loaded = useFunction('mailSuppressions');
  const clearSuppression = useChange('clearSuppression');
  const show = useToast();
  const [clearing, setClearing] = useState<string>();
  const moment = useMomentText();
  return (
    <Section title="Addresses that do not receive mail">
      {loaded.isPending && <Waiting />}
      {loaded.isError && (
        <LoadFailure what="The addresses" error={loaded.error} onRetry={() => void loaded.refetch()} />
      )}
      {loaded.data?.suppressions.length === 0 && (
        <Typography color="text.secondary">Every address receives the portal's e-mail.</Typography>
      )}
      {loaded.data && loaded.data.suppressions.length > 0 && (
        <List disablePadding aria-label="Addresses that do not receive mail">
          {loaded.data.suppressions.map((suppression) => (
            <ListItem
              key={suppression.email}
              divider
              disableGutters
              secondaryAction={
                <Button size="small" onClick={() => setClearing(suppression.email)}>
                  Write to it again
                </Button>
              }
            >
              <ListItemText
                primary={suppression.email}
                secondary={`${suppression.reason === 'bounce' ? 'Bounced' : 'Marked as spam'} on ${moment(suppression.at)}: ${suppression.detail}`}
                sx={{ pr: 16, overflowWrap: 'anywhere' }}
              />
            </ListItem>
          ))}
        </List>
      )}
      {clearing && (
        <ConfirmDialog
          title={`Write to ${clearing} again?`}
          confirmLabel="Write to it again"
          keepLabel="Not yet"
          onClose={() => setClearing(undefined)}
          action={async () => {
            await clearSuppression.mutateAsync({ email: clearing });
            show({ severity: 'success', detail: `The portal writes to ${clearing} again.` });
          }}
        >
          <DialogContentText>
            Only when the family has fixed the address or asked for the portal's e-mail: another bounce or complaint
            counts against every family's e-mail.
          </DialogContentText>
        </ConfirmDialog>
      )}
    </Section>
  );
}
