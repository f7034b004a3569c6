// Every class of the semester with its seats, the full and nearly full ones marked, and links to act on each.
import EditIcon from '@mui/icons-material/Edit';
import ListAltIcon from '@mui/icons-material/ListAlt';
import PeopleIcon from '@mui/icons-material/People';
import Chip from '@mui/material/Chip';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import { alpha } from '@mui/material/styles';
import TableCell from '@mui/material/TableCell';
import TableRow from '@mui/material/TableRow';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { useState, type ReactElement } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import type { Class } from '@contract/records';
import { byName } from '../classes/classLookup';
import { FillBar } from './FillBar';
import { ListTable } from '../ListTable';
import { usePaged } from '../usePaged';
import { linkTo } from '../../layout/paths';

type Shown = 'all' | 'attention';

function ActionLink({ to, label, icon }: { to: string; label: string; icon: ReactElement }) {
  return (
    <Tooltip title={label}>
      <IconButton component={RouterLink} to={to} aria-label={label} size="small">
        {icon}
      </IconButton>
    </Tooltip>
  );
}

export function ClassSeatsTable({ classes, aboutToFill }: { classes: Class[]; aboutToFill: Set<string> }) {
  const [shown, setShown] = useState<Shown>('all');
  const needsAttention = (cls: Class) => cls.seatsLeft === 0 || aboutToFill.has(cls.id);
  const attention = classes.filter(needsAttention).length;
  const listed = [...classes].filter((cls) => shown === 'all' || needsAttention(cls)).sort(byName);
  const page = usePaged(listed);

  if (classes.length === 0)
    return (
      <Typography color="text.secondary">No classes in this semester yet. Add them in Class Management.</Typography>
    );
  return (
    <Stack spacing={1}>
      <ToggleButtonGroup
        size="small"
        exclusive
        value={shown}
        onChange={(_event, value: Shown | null) => value && setShown(value)}
        aria-label="Classes to show"
      >
        <ToggleButton value="all">All classes ({classes.length})</ToggleButton>
        <ToggleButton value="attention">Full or about to fill ({attention})</ToggleButton>
      </ToggleButtonGroup>
      {listed.length === 0 ? (
        <Typography color="text.secondary">No class is full or about to fill.</Typography>
      ) : (
        <ListTable
          label="Seats per class"
          columns={[
            'Class',
            'Enrolled / capacity',
            { name: 'Waitlisted', align: 'right' },
            { name: 'Actions', align: 'right' },
          ]}
        >
          {page.rows.map((cls) => {
            const full = cls.seatsLeft === 0;
            const filling = aboutToFill.has(cls.id);
            return (
              <TableRow
                key={cls.id}
                sx={{
                  bgcolor: (theme) =>
                    full
                      ? alpha(theme.palette.error.main, 0.07)
                      : filling
                        ? alpha(theme.palette.warning.main, 0.1)
                        : undefined,
                }}
              >
                <TableCell component="th" scope="row">
                  <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap', rowGap: 0.5 }}>
                    <span>{cls.name}</span>
                    {full && <Chip size="small" color="error" label="Full" />}
                    {filling && <Chip size="small" color="warning" label={`About to fill: ${cls.seatsLeft} left`} />}
                    {cls.status === 'closed' && <Chip size="small" variant="outlined" label="Closed" />}
                  </Stack>
                </TableCell>
                <TableCell sx={{ width: 170 }}>
                  <FillBar cls={cls} aboutToFill={filling} />
                </TableCell>
                <TableCell align="right">{cls.waitlisted}</TableCell>
                <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                  <ActionLink
                    to={linkTo.enrollments({ classId: cls.id })}
                    label={`Enrollments of ${cls.name}`}
                    icon={<PeopleIcon fontSize="small" />}
                  />
                  <ActionLink
                    to={linkTo.managedClass(cls.id)}
                    label={`Edit ${cls.name}`}
                    icon={<EditIcon fontSize="small" />}
                  />
                  <ActionLink
                    to={linkTo.report({ classId: cls.id })}
                    label={`Roster of ${cls.name}`}
                    icon={<ListAltIcon fontSize="small" />}
                  />
                </TableCell>
              </TableRow>
            );
          })}
        </ListTable>
      )}
      {page.pagination}
    </Stack>
  );
}
