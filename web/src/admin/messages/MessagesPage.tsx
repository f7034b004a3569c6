// /admin/messages: what the portal e-mails families beyond each enrollment's own e-mail, and the e-mails that
// could not be sent.
import Stack from '@mui/material/Stack';
import { PageTitle } from '../../layout/PageTitle';
import { FailedMailSection } from './FailedMailSection';

export function MessagesPage() {
  return (
    <Stack spacing={3} sx={{ maxWidth: 1000, mx: 'auto' }}>
      <PageTitle title="Messages" summary="The e-mails the portal sends families, and those it could not send." />
      <FailedMailSection />
    </Stack>
  );
}
