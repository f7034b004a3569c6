// The user pool's trigger: the sign-up, reset and account e-mails in the portal's words and its branded frame,
// named by the programme as the site's settings say (its default when they cannot be read).
import { DynamoDBDocumentClient, GetCommand } from '@aws-sdk/lib-dynamodb';
import type { CustomMessageTriggerEvent } from 'aws-lambda';
import { mockClient } from 'aws-sdk-client-mock';
import { customMessage } from '../../lambdas/mail/handlers/customMessage';
import { userPoolTriggers } from '../../lambdas/platform/deployment';

const dynamo = mockClient(DynamoDBDocumentClient);
beforeEach(() => {
  dynamo.reset();
  dynamo.on(GetCommand).resolves({
    Item: {
      PK: 'SETTINGS',
      SK: 'CONFIG',
      values: { programmeName: 'Summit School', contactEmail: 'help@summit.example' },
    },
  });
});

const messageFor = (triggerSource: string, email = 'parent+kids@example.com') =>
  ({
    triggerSource,
    request: { codeParameter: '{####}', userAttributes: { email } },
    response: {},
  }) as unknown as CustomMessageTriggerEvent;

/** The HTML with its character references read (Mustache writes `/`, `=`, `<`, `>` and `&` as references). */
const decoded = (html: string) =>
  html
    .replace(/&#x([0-9a-f]+);/gi, (_, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)))
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&');
/** The e-mail's words as a reader sees them: the markup taken out. */
const words = (html: string) => decoded(html.replace(/<[^>]+>/g, ' ')).replace(/\s+/g, ' ');

describe('user pool triggers', () => {
  test('no trigger confirms an account or verifies its e-mail: the address is proven by the code sent to it', () => {
    expect(Object.keys(userPoolTriggers)).toEqual(['CustomMessage']);
  });

  test.each(['CustomMessage_SignUp', 'CustomMessage_ResendCode'])(
    'the %s e-mail gives the sign-up code, says what it is for, and links to the code step, in the programme’s frame',
    async (source) => {
      const { response } = await customMessage(messageFor(source));
      expect(response.emailSubject).toBe('Your Summit School code: confirm your e-mail');
      const read = words(response.emailMessage!);
      expect(read).toContain('Your code is {####} .');
      expect(read).toContain('Your Summit School account for parent+kids@example.com is made once');
      expect(read).toContain('https://portal.example.org/user/login?email=parent%2Bkids%40example.com');
      expect(read).toMatch(/If you did not create an account/);
      // The frame every e-mail has: the logo, the programme's name and its contact.
      expect(decoded(response.emailMessage!)).toContain('src="https://portal.example.org/mail-logo.png"');
      expect(read).toContain('help@summit.example');
      // Cognito's limit for a custom message.
      expect(response.emailMessage!.length).toBeLessThan(20_000);
    },
  );

  test('an address written to inject markup is shown as text', async () => {
    const { response } = await customMessage(messageFor('CustomMessage_SignUp', '<img src=x>@example.com'));
    expect(response.emailMessage).not.toContain('<img src=x>');
    expect(words(response.emailMessage!)).toContain('<img src=x>@example.com');
  });

  test('the reset e-mail links to the reset screen with the e-mail and the code placeholder Cognito fills in', async () => {
    const { response } = await customMessage(messageFor('CustomMessage_ForgotPassword'));
    expect(response.emailSubject).toBe('Reset your Summit School password');
    expect(words(response.emailMessage!)).toMatch(/If you did not ask for this/);
    const href = /href="([^"]*\/user\/reset[^"]*)"/.exec(decoded(response.emailMessage!))![1]!;
    expect(href).toBe('https://portal.example.org/user/reset?email=parent%2Bkids%40example.com&code={####}');
  });

  test('when the site settings cannot be read, the e-mail still goes, named by the default programme name', async () => {
    dynamo.on(GetCommand).rejects(new Error('the table is unreachable'));
    const { response } = await customMessage(messageFor('CustomMessage_SignUp'));
    expect(response.emailSubject).toBe('Your Mountain School Programme code: confirm your e-mail');
    expect(words(response.emailMessage!)).toContain('Your code is {####} .');
  });

  test('other messages are left to Cognito', async () => {
    const event = {
      triggerSource: 'CustomMessage_UpdateUserAttribute',
      request: { codeParameter: '{####}', userAttributes: {} },
      response: {},
    } as unknown as CustomMessageTriggerEvent;
    expect((await customMessage(event)).response).toEqual({});
  });
});
