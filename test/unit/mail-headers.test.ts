// No name a family or an administrator typed can add an e-mail header: every header value the portal
// sends is one line without control characters.
import { sendMail } from '../../lambdas/mail/mail';
import { headerText } from '../../lambdas/mail/mailHeader';

/** The SendEmail calls made, as SES would read them (fetch stands in for SES). */
function sesCalls() {
  const sent: Array<{ url: string; body: any; headers: Record<string, string> }> = [];
  jest.spyOn(globalThis, 'fetch').mockImplementation(async (url, init) => {
    sent.push({
      url: String(url),
      body: JSON.parse(String(init?.body)),
      headers: init?.headers as Record<string, string>,
    });
    return new Response(JSON.stringify({ MessageId: 'm-1' }), { status: 200 });
  });
  return sent;
}
// SES's own address, as in a Lambda: not the local gateway's (a whole test run sets it for the local stack).
const localSes = process.env.SES_ENDPOINT;
beforeEach(() => delete process.env.SES_ENDPOINT);
afterEach(() => {
  jest.restoreAllMocks();
  if (localSes) process.env.SES_ENDPOINT = localSes;
});

test('a header value loses line breaks, control characters and direction overrides', () => {
  expect(headerText('Enrolled: Eve\r\nBcc: victim@example.com')).toBe('Enrolled: Eve Bcc: victim@example.com');
  expect(headerText('A\rB\nC\u0000D\u007fE\u0085F\u2028G\u202eH\u2066I\t')).toBe('A B C D E F G H I');
});

test('the subject and addresses sent through SES are single lines', async () => {
  const calls = sesCalls();
  await sendMail({
    to: ['parent@example.com\r\nBcc: victim@example.com'],
    subject: 'Enrolled: Eve\r\nBcc: victim@example.com in Nordic',
    text: 'Hello\nthere',
    html: '<p>Hello</p>',
    replyTo: 'office@example.com\nBcc: victim@example.com',
  });
  const [{ url, body: input, headers }] = calls as [(typeof calls)[number]];
  expect(url).toBe('https://email.eu-west-1.amazonaws.com/v2/email/outbound-emails');
  expect(headers.authorization).toMatch(/^AWS4-HMAC-SHA256 Credential=unit\/\d{8}\/eu-west-1\/ses\/aws4_request/);
  expect(input.Content?.Simple?.Subject?.Data).toBe('Enrolled: Eve Bcc: victim@example.com in Nordic');
  expect(input.Destination?.ToAddresses).toEqual(['parent@example.com Bcc: victim@example.com']);
  expect(input.FromEmailAddress).toBe('Registration Portal <registration@example.org>');
  expect(input.Content?.Simple?.Body?.Text?.Data).toBe('Hello\nthere');
  expect(input.ReplyToAddresses).toEqual(['office@example.com Bcc: victim@example.com']);
});

test("a send SES refuses is raised with SES's own error type, so the mail request stays", async () => {
  jest.spyOn(globalThis, 'fetch').mockResolvedValue(
    new Response(JSON.stringify({ message: 'Maximum sending rate exceeded.' }), {
      status: 429,
      headers: { 'x-amzn-errortype': 'TooManyRequestsException:http://internal.amazon.com/coral/' },
    }),
  );
  await expect(
    sendMail({ to: ['parent@example.com'], subject: 'S', text: 't', html: '<p>t</p>' }),
  ).rejects.toMatchObject({ name: 'TooManyRequestsException', message: 'Maximum sending rate exceeded.', status: 429 });
});
