// A new family is signed in as soon as it creates its account (spec §8 "Created account!"): confirm the
// account and mark its e-mail verified, so password reset mail can reach it.
import middy from '@middy/core';
import type { PreSignUpTriggerEvent } from 'aws-lambda';

export async function preSignUp(event: PreSignUpTriggerEvent): Promise<PreSignUpTriggerEvent> {
  event.response.autoConfirmUser = true;
  if (event.request.userAttributes.email) event.response.autoVerifyEmail = true;
  return event;
}

export const handler = middy(preSignUp);
