// No name a family or an administrator typed can add an e-mail header: every header value the portal
// sends is one line without control characters.
import { SendEmailCommand, SESv2Client } from '@aws-sdk/client-sesv2';
import { mockClient } from 'aws-sdk-client-mock';
import { sendMail } from '../../lambdas/shared/mail';
import { headerText } from '../../lambdas/shared/mailHeader';

const ses = mockClient(SESv2Client);
beforeEach(() => ses.reset());

test('a header value loses line breaks, control characters and direction overrides', () => {
  expect(headerText('Enrolled: Eve\r\nBcc: victim@example.com')).toBe('Enrolled: Eve Bcc: victim@example.com');
  expect(headerText('A\rB\nC\u0000D\u007fE\u0085F\u2028G\u202eH\u2066I\t')).toBe('A B C D E F G H I');
});

test('the subject and addresses sent through SES are single lines', async () => {
  ses.on(SendEmailCommand).resolves({});
  await sendMail({
    to: 'parent@example.com\r\nBcc: victim@example.com',
    subject: 'Enrolled: Eve\r\nBcc: victim@example.com in Nordic',
    text: 'Hello\nthere',
    html: '<p>Hello</p>',
  });
  const input = ses.commandCalls(SendEmailCommand)[0]!.args[0].input;
  expect(input.Content?.Simple?.Subject?.Data).toBe('Enrolled: Eve Bcc: victim@example.com in Nordic');
  expect(input.Destination?.ToAddresses).toEqual(['parent@example.com Bcc: victim@example.com']);
  expect(input.FromEmailAddress).toBe('Registration Portal <registration@example.org>');
  expect(input.Content?.Simple?.Body?.Text?.Data).toBe('Hello\nthere');
});
