// The family's notice, on Manage Account where its address is, that the portal's e-mail does not reach it
// (it bounced for good, or its owner marked the portal's e-mail as spam): it misses confirmations and
// messages until it is fixed. (Not on My Enrollments: every family visits it on registration day, and the
// capacity plan counts each call of that visit.)
import Alert from '@mui/material/Alert';
import Link from '@mui/material/Link';
import { useFunction } from '../api/queries';
import { useRemoteConfig } from '../layout/RemoteConfig';

export function MailDeliveryNotice() {
  const status = useFunction('myMailStatus');
  const { contactEmail } = useRemoteConfig();
  const blocked = status.data?.addresses.filter((address) => !address.receives) ?? [];
  if (blocked.length === 0) return null;
  return (
    <Alert severity="warning" role="status">
      {blocked.map((address) => (
        <span key={address.email}>
          Our e-mails to <strong>{address.email}</strong> do not arrive
          {address.reason === 'complaint' ? ' (they were marked as spam)' : ' (the address refused them)'}, so you miss
          enrollment confirmations and the programme's messages.{' '}
        </span>
      ))}
      Check your address below, then{' '}
      {contactEmail ? <Link href={`mailto:${contactEmail}`}>ask the programme</Link> : 'ask the programme'} to write to
      it again.
    </Alert>
  );
}
