import type { CustomMessageTriggerEvent, PreSignUpTriggerEvent } from 'aws-lambda';
import { customMessage } from '../../lambdas/triggers/customMessage';
import { preSignUp } from '../../lambdas/triggers/preSignUp';

describe('user pool triggers', () => {
  test('a new account is confirmed with its e-mail verified, so it is signed in at once', async () => {
    const event = { request: { userAttributes: { email: 'a@example.com' } }, response: {} } as unknown as PreSignUpTriggerEvent;
    expect((await preSignUp(event)).response).toEqual({ autoConfirmUser: true, autoVerifyEmail: true });
  });

  test('the reset e-mail links to the reset screen with the e-mail and the code placeholder Cognito fills in', async () => {
    const event = {
      triggerSource: 'CustomMessage_ForgotPassword',
      request: { codeParameter: '{####}', userAttributes: { email: 'parent+kids@example.com' } },
      response: {},
    } as unknown as CustomMessageTriggerEvent;
    const { response } = await customMessage(event);
    expect(response.emailSubject).toBe('Reset your Registration Portal password');
    expect(response.emailMessage).toContain('https://portal.example.org/user/reset?email=parent%2Bkids%40example.com&code={####}');
    expect(response.emailMessage).toMatch(/If you did not ask for this/);
  });

  test('other messages are left to Cognito', async () => {
    const event = { triggerSource: 'CustomMessage_UpdateUserAttribute', request: { codeParameter: '{####}', userAttributes: {} }, response: {} } as unknown as CustomMessageTriggerEvent;
    expect((await customMessage(event)).response).toEqual({});
  });
});
