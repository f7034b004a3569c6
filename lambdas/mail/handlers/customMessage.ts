// The user pool's e-mails in the portal's words. The sign-up e-mail gives the code that proves the address
// (the account is confirmed with it); the password-reset e-mail links to the reset screen with the e-mail
// and code filled in. Cognito puts the code where `{####}` stands.
import middy from '@middy/core';
import type { CustomMessageTriggerEvent } from 'aws-lambda';
import { requiredEnv } from '../../platform/env';
import { logCallContext } from '../../platform/logger';
import { headerText } from '../mailHeader';

const siteUrl = requiredEnv('SITE_URL').replace(/\/+$/, '');

const PORTAL_NAME = 'Registration Portal';

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

function resetLink(email: string, codeParameter: string): string {
  return `${siteUrl}/user/reset?email=${encodeURIComponent(email)}&code=${codeParameter}`;
}

/** Signing in to an account that has not confirmed yet leads to the code step. */
function confirmLink(email: string): string {
  return `${siteUrl}/user/login?email=${encodeURIComponent(email)}`;
}

export async function customMessage(event: CustomMessageTriggerEvent): Promise<CustomMessageTriggerEvent> {
  const { codeParameter, usernameParameter, userAttributes } = event.request;
  const email = userAttributes.email ?? '';
  switch (event.triggerSource) {
    case 'CustomMessage_SignUp':
    case 'CustomMessage_ResendCode': {
      const link = confirmLink(email);
      event.response.emailSubject = `Your ${PORTAL_NAME} code: confirm your e-mail`;
      event.response.emailMessage = [
        `<p>Hello,</p>`,
        `<p>Someone, we hope you, created a ${PORTAL_NAME} account for ${escapeHtml(email)}.</p>`,
        `<p>Your code is <b>${codeParameter}</b>. Enter it where the portal asks for it to confirm this e-mail address and finish creating the account. Closed the page? Sign in here and the portal asks for the code:<br><a href="${link}">${link}</a></p>`,
        `<p>If you did not create an account, ignore this e-mail: without the code, no account uses your address.</p>`,
        `<p>— The mountain school programme</p>`,
      ].join('\n');
      break;
    }
    case 'CustomMessage_ForgotPassword': {
      const link = resetLink(email, codeParameter);
      event.response.emailSubject = `Reset your ${PORTAL_NAME} password`;
      event.response.emailMessage = [
        `<p>Hello,</p>`,
        `<p>We received a request to reset the password of the ${PORTAL_NAME} account for ${escapeHtml(email)}.</p>`,
        `<p>To choose a new password, open this link:<br><a href="${link}">${link}</a></p>`,
        `<p>Your reset code is ${codeParameter}.</p>`,
        `<p>If you did not ask for this, ignore this e-mail: your password stays as it is.</p>`,
        `<p>— The mountain school programme</p>`,
      ].join('\n');
      break;
    }
    case 'CustomMessage_AdminCreateUser': {
      event.response.emailSubject = `Your ${PORTAL_NAME} account`;
      event.response.emailMessage = [
        `<p>Hello,</p>`,
        `<p>An account was made for you on the ${PORTAL_NAME}: sign in at <a href="${siteUrl}/user/login">${siteUrl}/user/login</a>`,
        `with ${usernameParameter ?? escapeHtml(email)} and the temporary password ${codeParameter}.</p>`,
        `<p>— The mountain school programme</p>`,
      ].join('\n');
      break;
    }
    default:
      break;
  }
  if (event.response.emailSubject) event.response.emailSubject = headerText(event.response.emailSubject);
  return event;
}

export const handler = middy(customMessage).use(logCallContext());
