// The messages sent to families in a semester (an administrator's, and the portal's own when a class closed
// or changed): who sent what, when, to how many, and how far the sending got; asked again while one is sending.
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import type { MessageSummary } from '@contract/records';
import { useQuery } from '@tanstack/react-query';
import { fetchFunction, useFunctionKey } from '../../api/queries';
import { useMomentText } from '../../layout/RemoteConfig';
import { Section } from '../../layout/Section';
import { LoadFailure } from '../../layout/LoadFailure';
import { Waiting } from '../../layout/Waiting';
import { ScrollingTable } from '../ScrollingTable';

/** How often the history is asked again while a message is being sent. */
const PROGRESS_MS = 2000;

const TOPICS: Record<MessageSummary['topic'], string> = {
  announcement: 'Message',
  classClosed: 'Class closed',
  classChanged: 'Class changed',
  meetingCancelled: 'Meeting cancelled',
};

/** How far the sending got: families done, and e-mails (one per address) sent, failed and not sent. */
function progress(message: MessageSummary): string {
  const parts = [`${message.sent} sent`];
  if (message.failed) parts.push(`${message.failed} failed`);
  if (message.skipped) parts.push(`${message.skipped} not sent`);
  return message.status === 'sending'
    ? `Sending: ${message.familiesDone} of ${message.recipients} families (${parts.join(', ')})`
    : parts.join(', ');
}

export function SentMessagesSection({ semesterId }: { semesterId: string }) {
  const key = useFunctionKey();
  const loaded = useQuery({
    queryKey: key('messages', { semesterId }),
    queryFn: () => fetchFunction('messages', { semesterId }),
    // Asked again while a message is being sent, to show how far it got.
    refetchInterval: (query) =>
      query.state.data?.messages.some((message) => message.status === 'sending') ? PROGRESS_MS : false,
  });
  const history = loaded.data;
  const moment = useMomentText();
  return (
    <Section title="Sent messages">
      {loaded.isPending && <Waiting />}
      {loaded.isError && (
        <LoadFailure what="The sent messages" error={loaded.error} onRetry={() => void loaded.refetch()} />
      )}
      {history?.messages.length === 0 && (
        <Typography color="text.secondary">No message was sent to families in {history.semester.name} yet.</Typography>
      )}
      {history && history.messages.length > 0 && (
        <ScrollingTable label="Sent messages">
          <TableHead>
            <TableRow>
              <TableCell>Sent</TableCell>
              <TableCell>Subject</TableCell>
              <TableCell>To</TableCell>
              <TableCell>By</TableCell>
              <TableCell>Families</TableCell>
              <TableCell>Delivery</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {history.messages.map((message) => (
              <TableRow key={message.id}>
                <TableCell>{moment(message.createdAt)}</TableCell>
                <TableCell>
                  {message.subject}
                  {message.topic !== 'announcement' && (
                    <Typography variant="body2" color="text.secondary">
                      {TOPICS[message.topic]}
                    </Typography>
                  )}
                </TableCell>
                <TableCell>{message.audienceLabel}</TableCell>
                <TableCell sx={{ overflowWrap: 'anywhere' }}>
                  {message.sentBy === 'portal' ? 'The portal' : message.sentBy}
                </TableCell>
                <TableCell>{message.recipients}</TableCell>
                <TableCell>{progress(message)}</TableCell>
              </TableRow>
            ))}
          </TableBody>
        </ScrollingTable>
      )}
    </Section>
  );
}
