// A policy's current text as families read it, and every version published, with its acceptances.
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import TableCell from '@mui/material/TableCell';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { Theme } from '@mui/material/styles';
import { useId } from 'react';
import type { PolicySummary } from '@contract/records';
import { useMomentText } from '../../layout/RemoteConfig';
import { ListTable } from '../ListTable';
import { publishedText, publishedWhen } from './policyText';

export function PolicyVersionsDialog({ policy, onClose }: { policy: PolicySummary; onClose: () => void }) {
  const phone = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'));
  const titleId = useId();
  const moment = useMomentText();
  return (
    <Dialog open onClose={onClose} fullScreen={phone} fullWidth maxWidth="md" aria-labelledby={titleId}>
      <DialogTitle id={titleId}>{policy.current.title}</DialogTitle>
      <DialogContent dividers>
        <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 'bold' }}>
          Current version
        </Typography>
        <Typography variant="body2" color="text.secondary">
          {publishedText(policy.current, moment)}
        </Typography>
        <Box sx={{ whiteSpace: 'pre-wrap', my: 2 }}>{policy.current.text}</Box>
        <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 'bold', mb: 1 }}>
          Versions
        </Typography>
        <ListTable
          label={`Versions of ${policy.current.title}`}
          columns={['Version', 'Published', { name: 'Accepted', align: 'right' }]}
        >
          {policy.versions.map((version) => (
            <TableRow key={version.version}>
              <TableCell component="th" scope="row">
                {`${version.version}${version.version === policy.current.version ? ' (current)' : ''}`}
                <Typography variant="body2" color="text.secondary">
                  {`${version.title} · ${version.required ? 'Required' : 'Optional'}`}
                </Typography>
              </TableCell>
              <TableCell>{publishedWhen(version, moment)}</TableCell>
              <TableCell align="right">{version.acceptances}</TableCell>
            </TableRow>
          ))}
        </ListTable>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Close</Button>
      </DialogActions>
    </Dialog>
  );
}
