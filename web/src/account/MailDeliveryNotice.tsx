// The family's notice, on Manage Account where its address is, that the portal's e-mail does not reach it
// (it bounced for good, or its owner marked the portal's e-mail as spam): it misses confirmations and
// messages until it is fixed. (Not on My Enrollments: every family visits it on registration day, and the
// capacity plan counts each call of that visit.)
import Alert from '@mui/material/Alert';
import Link from '@mui/material/Link';
import { Fragment } from 'react';
import { useFunction } from '../api/queries';
import { useI18n } from '../i18n/account';
import { rich } from '../i18n/rich';
import { useRemoteConfig } from '../layout/RemoteConfig';

export function MailDeliveryNotice() {
  const { t } = useI18n();
  const status = useFunction('myMailStatus');
  const { contactEmail } = useRemoteConfig();
  const blocked = status.data?.addresses.filter((address) => !address.receives) ?? [];
  if (blocked.length === 0) return null;
  return (
    <Alert severity="warning" role="status">
      {blocked.map((address) => (
        <span key={address.email}>
          {rich(t('account.mailNotice.blocked', { email: address.email, reason: address.reason }), [<strong />])}{' '}
        </span>
      ))}
      {rich(t('account.mailNotice.fix'), [contactEmail ? <Link href={`mailto:${contactEmail}`} /> : <Fragment />])}
    </Alert>
  );
}
