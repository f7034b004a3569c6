// The login form's state machine (fields, mode, validation, request state), a pure reducer: the screen
// dispatches, tests call it.
import { i18n } from '../i18n/signIn';
import type { LoginFailure, LoginMode } from './failures';
import {
  emailAddress,
  hasErrors,
  isFilled,
  policyPassword,
  required,
  validate,
  type FieldErrors,
  type Rules,
} from './validation';

/** The login request: Invalid when validation failed (no call made), Pending while the call runs. */
type LoginRequest = 'Idle' | 'Invalid' | 'Pending' | 'Success' | 'Failure';

export interface LoginForm {
  email: string;
  password: string;
  /** Absent when signing in; when creating, the chosen method once there is one. */
  newAccountCreation?: { method?: 'email' };
}

export interface LoginFormState extends LoginForm {
  request: LoginRequest;
  /**
   * Present once the account exists but has not proven its address: the code step, which asks for the
   * code the user pool e-mailed (after "Create Account", or a sign-in to an unconfirmed account).
   */
  confirmation?: { code: string };
  /**
   * Present once the password was right for an account whose second factor is on: the step that asks for the
   * code its authenticator app shows now.
   */
  secondFactor?: { code: string };
  /** Why the last call failed, said in the form until the field it concerns changes. */
  failure?: LoginFailure;
}

export type LoginEvent =
  | { type: 'modeChanged'; mode: LoginMode }
  | { type: 'methodChosen'; method: 'email' }
  | { type: 'differentAccountTypePicked' }
  | { type: 'emailChanged'; email: string }
  | { type: 'passwordChanged'; password: string }
  | { type: 'submitted' }
  | { type: 'confirmationNeeded' }
  | { type: 'secondFactorNeeded' }
  /** From the second factor's step back to the password (the sign-in's session ran out, or the user chose to). */
  | { type: 'backToPassword'; failure?: LoginFailure }
  | { type: 'codeChanged'; code: string }
  | { type: 'succeeded' }
  | { type: 'failed'; failure?: LoginFailure };

export const modeOf = (form: LoginForm): LoginMode => (form.newAccountCreation ? 'create' : 'signIn');

function inMode({ newAccountCreation, ...form }: LoginFormState, mode: LoginMode): LoginFormState {
  return mode === 'create' ? { ...form, newAccountCreation: {} } : form;
}

export function initialLoginForm(mode: LoginMode): LoginFormState {
  return inMode({ email: '', password: '', request: 'Idle' }, mode);
}

// The e-mail's form is checked before the identity provider is called, in both modes.
const signInRules: Rules<LoginForm> = {
  email: [required('email', () => i18n._('auth.field.emailRequired')), emailAddress('email')],
  password: [required('password', () => i18n._('auth.field.passwordRequired'))],
};

// A new account also needs a password the user pool accepts.
const createRules: Rules<LoginForm> = {
  ...signInRules,
  password: [...signInRules.password!, policyPassword('password')],
};

export function loginErrors(form: LoginForm): FieldErrors<LoginForm> {
  return validate(form, modeOf(form) === 'create' ? createRules : signInRules);
}

/** The code step the form is at, if any: the e-mail's code, or the authenticator app's. */
const codeStep = (state: LoginFormState) => state.secondFactor ?? state.confirmation;

/** The code step's message: the user pool's codes, and an authenticator app's, are six digits. */
function codeError(state: LoginFormState): string | undefined {
  const code = codeStep(state)?.code.trim() ?? '';
  if (code === '') return i18n._('auth.code.required');
  if (/^\d{6}$/.test(code)) return undefined;
  return i18n._(state.secondFactor ? 'auth.code.sixDigitsApp' : 'auth.code.sixDigitsEmail');
}

/** The errors under the fields: only after a failed validation attempt. */
export function shownLoginErrors(state: LoginFormState): FieldErrors<LoginForm> {
  return state.request === 'Invalid' && !codeStep(state) ? loginErrors(state) : {};
}

export function shownCodeError(state: LoginFormState): string | undefined {
  return state.request === 'Invalid' && codeStep(state) ? codeError(state) : undefined;
}

function hasInputErrors(state: LoginFormState): boolean {
  return codeStep(state) ? codeError(state) !== undefined : hasErrors(loginErrors(state));
}

/**
 * "Forgot your password?" shows only when the last attempt failed, an email is entered and the mode is sign-in
 * (not at the second factor's step: the password was right).
 */
export function showsResetSuggestion(state: LoginFormState): boolean {
  return state.request === 'Failure' && isFilled(state.email) && modeOf(state) === 'signIn' && !state.secondFactor;
}

/** Whether the form itself shows: always when signing in, after the method choice when creating. */
export function showsForm(state: LoginFormState): boolean {
  return modeOf(state) === 'signIn' || state.newAccountCreation?.method === 'email';
}

/** The failure's message goes once the field it is about changes. */
function withoutFailureOf(state: LoginFormState, field: 'email' | 'password' | 'code'): LoginFormState {
  if (!state.failure?.fields.includes(field)) return state;
  const { failure: _changed, ...rest } = state;
  return rest;
}

export function loginFormReducer(state: LoginFormState, event: LoginEvent): LoginFormState {
  switch (event.type) {
    case 'modeChanged': {
      if (event.mode === modeOf(state)) return state;
      const { confirmation: _left, secondFactor: _dropped, failure: _otherMode, ...form } = inMode(state, event.mode);
      return { ...form, request: 'Idle' };
    }
    case 'methodChosen':
      return modeOf(state) === 'create' ? { ...state, newAccountCreation: { method: event.method } } : state;
    case 'differentAccountTypePicked':
      return { email: '', password: '', newAccountCreation: {}, request: 'Idle' };
    case 'emailChanged':
      return withoutFailureOf({ ...state, email: event.email }, 'email');
    case 'passwordChanged':
      return withoutFailureOf({ ...state, password: event.password }, 'password');
    case 'submitted': {
      if (state.request === 'Pending' || !showsForm(state)) return state;
      const { failure: _answered, ...form } = state;
      return { ...form, request: hasInputErrors(state) ? 'Invalid' : 'Pending' };
    }
    case 'confirmationNeeded':
      return state.request === 'Pending' ? { ...state, confirmation: { code: '' }, request: 'Idle' } : state;
    case 'secondFactorNeeded':
      return state.request === 'Pending' ? { ...state, secondFactor: { code: '' }, request: 'Idle' } : state;
    case 'backToPassword': {
      const { secondFactor: _left, failure: _old, ...form } = state;
      // Idle, not failed, with the reason: the password was right, so no reset is offered beside it.
      return { ...form, request: 'Idle', ...(event.failure && { failure: event.failure }) };
    }
    case 'codeChanged':
      if (state.secondFactor) return withoutFailureOf({ ...state, secondFactor: { code: event.code } }, 'code');
      return state.confirmation ? withoutFailureOf({ ...state, confirmation: { code: event.code } }, 'code') : state;
    case 'succeeded':
      return state.request === 'Pending' ? { ...state, request: 'Success' } : state;
    case 'failed':
      return state.request === 'Pending' ? { ...state, request: 'Failure', failure: event.failure } : state;
  }
}
