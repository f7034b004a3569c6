// The login form's state machine (spec §3, §4, §5), a pure reducer: the screen dispatches, tests call it.
import { emailAddress, hasErrors, isFilled, policyPassword, required, validate, type FieldErrors, type Rules } from './validation';

export type LoginMode = 'signIn' | 'create';

/** The login request: Invalid when validation failed (no call made), Pending while the call runs. */
export type LoginRequest = 'Idle' | 'Invalid' | 'Pending' | 'Success' | 'Failure';

export interface LoginForm {
  email: string;
  password: string;
  /** Absent when signing in; when creating, the chosen method once there is one. */
  newAccountCreation?: { method?: 'email' };
}

export interface LoginFormState extends LoginForm {
  request: LoginRequest;
}

export type LoginEvent =
  | { type: 'modeChanged'; mode: LoginMode }
  | { type: 'methodChosen'; method: 'email' }
  | { type: 'differentAccountTypePicked' }
  | { type: 'emailChanged'; email: string }
  | { type: 'passwordChanged'; password: string }
  | { type: 'submitted' }
  | { type: 'succeeded' }
  | { type: 'failed' };

export const modeOf = (form: LoginForm): LoginMode => (form.newAccountCreation ? 'create' : 'signIn');

function inMode({ newAccountCreation, ...form }: LoginFormState, mode: LoginMode): LoginFormState {
  return mode === 'create' ? { ...form, newAccountCreation: {} } : form;
}

export function initialLoginForm(mode: LoginMode): LoginFormState {
  return inMode({ email: '', password: '', request: 'Idle' }, mode);
}

const signInRules: Rules<LoginForm> = {
  email: [required('email', 'Email is required')],
  password: [required('password', 'Password is required')],
};

// A new account also needs an address mail can reach and a password the user pool accepts.
const createRules: Rules<LoginForm> = {
  email: [...signInRules.email!, emailAddress('email')],
  password: [...signInRules.password!, ...policyPassword('password')],
};

export function loginErrors(form: LoginForm): FieldErrors<LoginForm> {
  return validate(form, modeOf(form) === 'create' ? createRules : signInRules);
}

/** The errors under the fields: only after a failed validation attempt. */
export function shownLoginErrors(state: LoginFormState): FieldErrors<LoginForm> {
  return state.request === 'Invalid' ? loginErrors(state) : {};
}

/** "Forgot your password?" shows only when the last attempt failed, an email is entered and the mode is sign-in. */
export function showsResetSuggestion(state: LoginFormState): boolean {
  return state.request === 'Failure' && isFilled(state.email) && modeOf(state) === 'signIn';
}

/** Whether the form itself shows: always when signing in, after the method choice when creating. */
export function showsForm(state: LoginFormState): boolean {
  return modeOf(state) === 'signIn' || state.newAccountCreation?.method === 'email';
}

export function loginFormReducer(state: LoginFormState, event: LoginEvent): LoginFormState {
  switch (event.type) {
    case 'modeChanged':
      return event.mode === modeOf(state) ? state : { ...inMode(state, event.mode), request: 'Idle' };
    case 'methodChosen':
      return modeOf(state) === 'create' ? { ...state, newAccountCreation: { method: event.method } } : state;
    case 'differentAccountTypePicked':
      return { ...state, email: '', password: '', newAccountCreation: {}, request: 'Idle' };
    case 'emailChanged':
      return { ...state, email: event.email };
    case 'passwordChanged':
      return { ...state, password: event.password };
    case 'submitted':
      if (state.request === 'Pending' || !showsForm(state)) return state;
      return { ...state, request: hasErrors(loginErrors(state)) ? 'Invalid' : 'Pending' };
    case 'succeeded':
      return state.request === 'Pending' ? { ...state, request: 'Success' } : state;
    case 'failed':
      return state.request === 'Pending' ? { ...state, request: 'Failure' } : state;
  }
}
