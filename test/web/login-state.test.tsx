// The login form's state machine (fields, mode, validation, request state), called directly: a pure reducer.
import {
  initialLoginForm,
  loginErrors,
  loginFormReducer,
  modeOf,
  shownLoginErrors,
  showsForm,
  showsResetSuggestion,
  type LoginEvent,
  type LoginFormState,
} from '../../web/src/auth/loginForm';
import { fieldMessage } from '../../web/src/auth/validation';

const run = (state: LoginFormState, ...events: LoginEvent[]) => events.reduce(loginFormReducer, state);
const filled = (mode: 'signIn' | 'create') =>
  run(
    initialLoginForm(mode),
    { type: 'methodChosen', method: 'email' },
    { type: 'emailChanged', email: 'parent@example.com' },
    { type: 'passwordChanged', password: 'Mountain-1' },
  );

describe('the login form entity', () => {
  test('given sign-in mode, then newAccountCreation is absent and the request Idle', () => {
    const state = initialLoginForm('signIn');
    expect(state).toEqual({ email: '', password: '', request: 'Idle' });
    expect('newAccountCreation' in state).toBe(false);
    expect(modeOf(state)).toBe('signIn');
  });

  test('given creation mode, then newAccountCreation is an object without a method until email is chosen', () => {
    const state = initialLoginForm('create');
    expect(state.newAccountCreation).toEqual({});
    expect(showsForm(state)).toBe(false);
    const chosen = loginFormReducer(state, { type: 'methodChosen', method: 'email' });
    expect(chosen.newAccountCreation).toEqual({ method: 'email' });
    expect(showsForm(chosen)).toBe(true);
  });

  test('given sign-in mode, when a method is chosen, then nothing changes', () => {
    const state = initialLoginForm('signIn');
    expect(loginFormReducer(state, { type: 'methodChosen', method: 'email' })).toBe(state);
  });
});

describe('the login request', () => {
  test('given empty fields, when submitted, then it is Invalid with "Email is required" and "Password is required"', () => {
    const state = run(initialLoginForm('signIn'), { type: 'submitted' });
    expect(state.request).toBe('Invalid');
    expect(shownLoginErrors(state)).toEqual({ email: ['Email is required'], password: ['Password is required'] });
  });

  test('given blank-only email, when submitted, then the email is still required', () => {
    const state = run(
      initialLoginForm('signIn'),
      { type: 'emailChanged', email: '   ' },
      { type: 'passwordChanged', password: 'x' },
      { type: 'submitted' },
    );
    expect(shownLoginErrors(state)).toEqual({ email: ['Email is required'] });
  });

  test('given errors, then they show only after a failed attempt, and follow what is typed afterwards', () => {
    const idle = initialLoginForm('signIn');
    expect(loginErrors(idle)).not.toEqual({});
    expect(shownLoginErrors(idle)).toEqual({});
    const invalid = run(idle, { type: 'submitted' }, { type: 'emailChanged', email: 'parent@example.com' });
    expect(shownLoginErrors(invalid)).toEqual({ password: ['Password is required'] });
  });

  test('given filled fields, when submitted, then Pending; then Success or Failure by the answer', () => {
    const pending = run(filled('signIn'), { type: 'submitted' });
    expect(pending.request).toBe('Pending');
    expect(shownLoginErrors(pending)).toEqual({});
    expect(loginFormReducer(pending, { type: 'succeeded' }).request).toBe('Success');
    expect(loginFormReducer(pending, { type: 'failed' }).request).toBe('Failure');
  });

  test('given Pending, when submitted again, then nothing changes (no second call)', () => {
    const pending = run(filled('signIn'), { type: 'submitted' });
    expect(loginFormReducer(pending, { type: 'submitted' })).toBe(pending);
  });

  test('given no request is pending, when an answer arrives, then it is ignored', () => {
    const idle = filled('signIn');
    expect(loginFormReducer(idle, { type: 'succeeded' })).toBe(idle);
    expect(loginFormReducer(idle, { type: 'failed' })).toBe(idle);
  });

  test('given creation mode before the method choice, when submitted, then nothing happens', () => {
    const state = initialLoginForm('create');
    expect(loginFormReducer(state, { type: 'submitted' })).toBe(state);
  });

  test('given creation mode, then a malformed address and a short password are refused too, one message per problem', () => {
    const state = run(
      initialLoginForm('create'),
      { type: 'methodChosen', method: 'email' },
      { type: 'emailChanged', email: 'parent@' },
      { type: 'passwordChanged', password: 'short' },
      { type: 'submitted' },
    );
    expect(state.request).toBe('Invalid');
    expect(shownLoginErrors(state)).toEqual({
      email: ['Email must be a valid address'],
      password: [
        'Password must be at least 8 characters',
        'Password must mix upper and lower case letters, digits and symbols',
      ],
    });
  });

  test('given several messages for a field, then they are joined by commas', () => {
    expect(fieldMessage(['Email is required', 'Email must be a valid address'])).toBe(
      'Email is required, Email must be a valid address',
    );
    expect(fieldMessage(undefined)).toBeUndefined();
  });
});

describe('the reset suggestion', () => {
  const failed = (mode: 'signIn' | 'create') => run(filled(mode), { type: 'submitted' }, { type: 'failed' });

  test('given a failed sign-in with an email entered, then it shows', () => {
    expect(showsResetSuggestion(failed('signIn'))).toBe(true);
  });

  test('given the email is emptied after the failure, then it hides', () => {
    expect(showsResetSuggestion(run(failed('signIn'), { type: 'emailChanged', email: ' ' }))).toBe(false);
  });

  test('given a failed account creation, then it does not show', () => {
    expect(showsResetSuggestion(failed('create'))).toBe(false);
  });

  test.each(['Idle', 'Invalid', 'Pending', 'Success'] as const)(
    'given the request is %s, then it does not show',
    (request) => {
      expect(showsResetSuggestion({ ...filled('signIn'), request })).toBe(false);
    },
  );
});

describe('mode switching', () => {
  test('given sign-in mode, when switched to creation, then the method choice comes first, the typing stays and the request is Idle', () => {
    const failed = run(filled('signIn'), { type: 'submitted' }, { type: 'failed' });
    const create = loginFormReducer(failed, { type: 'modeChanged', mode: 'create' });
    expect(create).toEqual({
      email: 'parent@example.com',
      password: 'Mountain-1',
      newAccountCreation: {},
      request: 'Idle',
    });
    const back = loginFormReducer(create, { type: 'modeChanged', mode: 'signIn' });
    expect('newAccountCreation' in back).toBe(false);
    expect(modeOf(back)).toBe('signIn');
  });

  test('given the same mode, then nothing changes', () => {
    const state = initialLoginForm('create');
    expect(loginFormReducer(state, { type: 'modeChanged', mode: 'create' })).toBe(state);
  });

  test('when "Pick different account type" is chosen, then email and password are cleared and the method choice returns', () => {
    const picked = run(
      filled('create'),
      { type: 'submitted' },
      { type: 'failed' },
      { type: 'differentAccountTypePicked' },
    );
    expect(picked).toEqual({ email: '', password: '', newAccountCreation: {}, request: 'Idle' });
    expect(showsForm(picked)).toBe(false);
  });
});
