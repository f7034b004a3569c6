import type { CustomMessageTriggerEvent } from 'aws-lambda';
import { customMessage } from '../../lambdas/mail/handlers/customMessage';
import { userPoolTriggers } from '../../lambdas/platform/deployment';

const messageFor = (triggerSource: string, email = 'parent+kids@example.com') =>
  ({
    triggerSource,
    request: { codeParameter: '{####}', userAttributes: { email } },
    response: {},
  }) as unknown as CustomMessageTriggerEvent;

describe('user pool triggers', () => {
  test('no trigger confirms an account or verifies its e-mail: the address is proven by the code sent to it', () => {
    expect(Object.keys(userPoolTriggers)).toEqual(['CustomMessage']);
  });

  test.each(['CustomMessage_SignUp', 'CustomMessage_ResendCode'])(
    'the %s e-mail gives the sign-up code, says what it is for, and links to the code step',
    async (source) => {
      const { response } = await customMessage(messageFor(source));
      expect(response.emailSubject).toBe('Your Registration Portal code: confirm your e-mail');
      expect(response.emailMessage).toContain('Your code is <b>{####}</b>');
      expect(response.emailMessage).toContain('parent+kids@example.com');
      expect(response.emailMessage).toContain(
        'https://portal.example.org/user/login?email=parent%2Bkids%40example.com',
      );
      expect(response.emailMessage).toMatch(/If you did not create an account/);
    },
  );

  test('an address written to inject markup is shown as text', async () => {
    const { response } = await customMessage(messageFor('CustomMessage_SignUp', '<img src=x>@example.com'));
    expect(response.emailMessage).not.toContain('<img');
  });

  test('the reset e-mail links to the reset screen with the e-mail and the code placeholder Cognito fills in', async () => {
    const { response } = await customMessage(messageFor('CustomMessage_ForgotPassword'));
    expect(response.emailSubject).toBe('Reset your Registration Portal password');
    expect(response.emailMessage).toContain(
      'https://portal.example.org/user/reset?email=parent%2Bkids%40example.com&code={####}',
    );
    expect(response.emailMessage).toMatch(/If you did not ask for this/);
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
