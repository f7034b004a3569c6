// /admin/messages: writing to the families of a class, its waitlist, a class group or a semester; the messages
// sent in the semester with their progress; and the e-mails that could not be sent.
import Stack from '@mui/material/Stack';
import { PageTitle } from '../../layout/PageTitle';
import { SemesterPicker } from '../SemesterPicker';
import { useSemesterParam } from '../useSemesterParam';
import { ComposeSection } from './ComposeSection';
import { FailedMailSection } from './FailedMailSection';
import { SentMessagesSection } from './SentMessagesSection';
import { SuppressionsSection } from './SuppressionsSection';

export function MessagesPage() {
  const [semesterId, choose] = useSemesterParam();
  return (
    <Stack spacing={3} sx={{ maxWidth: 1000, mx: 'auto' }}>
      <PageTitle
        title="Messages"
        summary="Write to the families of a class, a waitlist, a class group or a semester; see what was sent, and the e-mails that could not be sent."
      />
      <div>
        <SemesterPicker value={semesterId} onChange={choose} />
      </div>
      {semesterId && <ComposeSection key={semesterId} semesterId={semesterId} />}
      {semesterId && <SentMessagesSection semesterId={semesterId} />}
      <FailedMailSection />
      <SuppressionsSection />
    </Stack>
  );
}
