// "E-mail not sent" on Messages: a class message's e-mail SES refused is named by its class and subject, to the
// address it could not reach, and waits for "Send again"; one the stream still tries says so, with its tries.
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { FunctionResult } from '../../lambdas/contract/manifest';
import { FailedMailSection } from '../../web/src/admin/messages/FailedMailSection';
import { answeringCalls, renderAsAdmin } from '../support/adminScreen';

const failed: FunctionResult<'failedMail'> = {
  waiting: 1,
  retrying: 1,
  mail: [
    {
      ...{ id: 'm1', kind: 'message', requestedAt: '2027-01-08T16:00:00Z', failedAt: '2027-01-08T16:00:01Z' },
      ...{ failures: 1, waiting: true, resends: 0, familyId: 'f1', familyEmail: 'first@example.org' },
      lastError:
        'MessageRejected: Email address is not verified. The following identities failed the check: second@example.org',
      messageId: 'message-1',
      failedTo: ['second@example.org'],
      classIds: ['c1'],
      classNames: ['Ridge Walk'],
      subject: 'Snow day on Saturday',
      audienceLabel: 'Ridge Walk',
    },
    {
      ...{ id: 'm2', kind: 'enrolled', requestedAt: '2027-01-08T16:05:00Z', failedAt: '2027-01-08T16:05:01Z' },
      ...{ failures: 2, waiting: false, resends: 0, familyId: 'f2', familyEmail: 'other@example.org' },
      lastError: 'TooManyRequestsException: Maximum sending rate exceeded.',
      classIds: ['c2'],
      classNames: ['Ice Climbing'],
    },
  ],
};

let resent: unknown[];
beforeEach(async () => {
  resent = [];
  answeringCalls((name, payload) => {
    if (name !== 'resendFailedMail') return failed;
    resent.push(payload);
    return { resent: 1 };
  });
  await renderAsAdmin(<FailedMailSection />);
});

const cellsOf = (row: HTMLElement) =>
  within(row)
    .getAllByRole('cell')
    .map((cell) => cell.textContent);

test('given a class message SES refused for one address, then its row names the class, the subject and that address, and it waits', async () => {
  const table = await screen.findByRole('table', { name: 'E-mails not sent' });
  const [, message, enrolled] = within(table).getAllByRole('row');
  expect(cellsOf(message!).slice(1, 4)).toEqual([
    'Message to families: Ridge Walk — “Snow day on Saturday”',
    'second@example.org',
    '1',
  ]);
  expect(cellsOf(enrolled!).slice(1, 4)).toEqual([
    'Enrolled: Ice Climbing',
    'other@example.org',
    '2 so far, still trying',
  ]);
  expect(screen.getByRole('alert')).toHaveTextContent(
    '1 e-mail could not be sent and wait; 1 more are still being tried.',
  );
});

test('when the admin sends again, then the e-mails waiting are sent again', async () => {
  const user = userEvent.setup();
  await screen.findByRole('table', { name: 'E-mails not sent' });
  await user.click(screen.getByRole('button', { name: 'Send again' }));
  await user.click(
    within(screen.getByRole('dialog', { name: 'Send 1 e-mail again?' })).getByRole('button', { name: 'Send again' }),
  );
  await waitFor(() => expect(resent).toEqual([{}]));
  await screen.findByText('1 e-mail sent again.');
});
