// Contacts as links a phone or tablet acts on: the guardian's e-mail and each emergency contact's phone.
import Link from '@mui/material/Link';
import type { EmergencyContact } from '@contract/records';

export function GuardianEmail({ email }: { email: string }) {
  return <Link href={`mailto:${email}`}>{email}</Link>;
}

export function EmergencyContactLine({ contact }: { contact: EmergencyContact }) {
  return (
    <>
      {contact.name}
      {contact.relationship && ` (${contact.relationship})`}:{' '}
      <Link href={`tel:${contact.phone.replace(/[^0-9+]/g, '')}`} sx={{ whiteSpace: 'nowrap' }}>
        {contact.phone}
      </Link>
    </>
  );
}
