// /admin/policies: the programme's policies (participation, liability waiver, photo consent…), each with its
// current version, how many acceptances it has, and a way to publish a new policy or a new version.
import AddIcon from '@mui/icons-material/Add';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import TableCell from '@mui/material/TableCell';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import type { PolicySummary, PolicyVersion } from '@contract/records';
import { useFunction } from '../../api/queries';
import { LoadFailure } from '../../layout/LoadFailure';
import { PageTitle } from '../../layout/PageTitle';
import { Section } from '../../layout/Section';
import { Waiting } from '../../layout/Waiting';
import { useToast } from '../../layout/toast';
import { ListTable, wideOnly } from '../ListTable';
import { PolicyDialog } from './PolicyDialog';
import { PolicyVersionsDialog } from './PolicyVersionsDialog';
import { publishedText, useSemesterNames } from './policyText';
import { useMomentText } from '../../layout/RemoteConfig';

export function PoliciesPage() {
  const policies = useFunction('policies');
  const semesterName = useSemesterNames();
  const moment = useMomentText();
  const show = useToast();
  const [editing, setEditing] = useState<PolicySummary | 'new'>();
  const [reading, setReading] = useState<PolicySummary>();
  const list = policies.data?.policies ?? [];

  const published = (version: PolicyVersion) => {
    show({
      severity: 'success',
      summary: 'Published',
      detail: `Version ${version.version} of ${version.title} is published.`,
    });
    setEditing(undefined);
  };

  return (
    <Stack spacing={3}>
      <PageTitle
        title="Policies"
        summary="What a guardian reads and accepts for each child before the child's first enrollment of a semester. A new version asks every family again."
      />
      <Section title="Policies">
        {policies.isPending && <Waiting />}
        {policies.isError && (
          <LoadFailure what="The policies" error={policies.error} onRetry={() => void policies.refetch()} />
        )}
        {policies.isSuccess && list.length === 0 && (
          <Typography color="text.secondary">
            No policies yet. Publish the first one: families are asked to accept it when they next enroll a child.
          </Typography>
        )}
        {list.length > 0 && (
          <ListTable
            label="Policies"
            columns={[
              'Policy',
              { name: 'Current version', wide: true },
              { name: 'Accepted', align: 'right' },
              { name: 'Actions', align: 'right' },
            ]}
          >
            {list.map((policy) => (
              <TableRow key={policy.id}>
                <TableCell component="th" scope="row">
                  <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
                    <span>{policy.current.title}</span>
                    <Chip
                      size="small"
                      color={policy.current.required ? 'primary' : 'default'}
                      label={policy.current.required ? 'Required' : 'Optional'}
                    />
                  </Stack>
                  <Typography variant="body2" color="text.secondary">
                    {policy.current.semesterId
                      ? `For ${semesterName(policy.current.semesterId)} only`
                      : 'For every semester'}
                  </Typography>
                </TableCell>
                <TableCell sx={wideOnly}>{publishedText(policy.current, moment)}</TableCell>
                <TableCell align="right">{policy.versions[0]?.acceptances ?? 0}</TableCell>
                <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                  <Button size="small" onClick={() => setReading(policy)} aria-label={`Read ${policy.current.title}`}>
                    Read
                  </Button>
                  <Button
                    size="small"
                    onClick={() => setEditing(policy)}
                    aria-label={`New version of ${policy.current.title}`}
                  >
                    New version
                  </Button>
                </TableCell>
              </TableRow>
            ))}
          </ListTable>
        )}
        <Button startIcon={<AddIcon />} onClick={() => setEditing('new')} sx={{ mt: 1 }}>
          New policy
        </Button>
      </Section>
      {editing && (
        <PolicyDialog
          policy={editing === 'new' ? undefined : editing}
          onClose={() => setEditing(undefined)}
          onPublished={published}
        />
      )}
      {reading && <PolicyVersionsDialog policy={reading} onClose={() => setReading(undefined)} />}
    </Stack>
  );
}
