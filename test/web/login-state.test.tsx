// The login form's state machine (fields, mode, validation, request state), called directly: a pure reducer.
import {
  initialLoginForm,
  loginErrors,
  loginFormReducer,
  modeOf,
  shownCodeError,
  shownLoginErrors,
  showsForm,
  showsResetSuggestion,
  type LoginEvent,
  type LoginFormState,
} from '../../web/src/auth/loginForm';
import { explainFailure, type LoginFailure } from '../../web/src/auth/failures';
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

  test('given creation mode, then a malformed address and a short password are refused too, one message naming every rule the password fails', () => {
    const state = run(
      initialLoginForm('create'),
      { type: 'methodChosen', method: 'email' },
      { type: 'emailChanged', email: 'parent@' },
      { type: 'passwordChanged', password: 'short' },
      { type: 'submitted' },
    );
    expect(state.request).toBe('Invalid');
    expect(shownLoginErrors(state)).toEqual({
      email: ['Enter the whole e-mail address, like name@example.com'],
      password: ['Password needs at least 8 characters, an upper case letter, a digit and a symbol such as - or !'],
    });
  });

  test('given sign-in mode, then an address without its ending (claire@gmail) is refused before any call', () => {
    const state = run(
      initialLoginForm('signIn'),
      { type: 'emailChanged', email: 'claire@gmail' },
      { type: 'passwordChanged', password: 'anything' },
      { type: 'submitted' },
    );
    expect(state.request).toBe('Invalid');
    expect(shownLoginErrors(state)).toEqual({ email: ['Enter the whole e-mail address, like name@example.com'] });
  });

  test('given several messages for a field, then they are joined by commas', () => {
    expect(fieldMessage(['Email is required', 'Enter the whole e-mail address'])).toBe(
      'Email is required, Enter the whole e-mail address',
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

describe('the failure said in the form', () => {
  const failure = (fields: LoginFailure['fields']): LoginFailure => ({ code: 'X', text: 'Wrong', fields });
  const failedWith = (fields: LoginFailure['fields']) =>
    run(filled('signIn'), { type: 'submitted' }, { type: 'failed', failure: failure(fields) });

  test('given a failure about both fields, then it stays until either changes', () => {
    const state = failedWith(['email', 'password']);
    expect(state.failure?.text).toBe('Wrong');
    expect(run(state, { type: 'passwordChanged', password: 'Mountain-2' }).failure).toBeUndefined();
    expect(run(state, { type: 'emailChanged', email: 'other@example.com' }).failure).toBeUndefined();
  });

  test('given a failure about the e-mail, then a changed password leaves it, a changed e-mail takes it away', () => {
    const state = failedWith(['email']);
    expect(run(state, { type: 'passwordChanged', password: 'Mountain-2' }).failure?.text).toBe('Wrong');
    expect(run(state, { type: 'emailChanged', email: 'other@example.com' }).failure).toBeUndefined();
  });

  test('given a failure, when the mode changes or the form is sent again, then it goes', () => {
    expect(run(failedWith(['email']), { type: 'modeChanged', mode: 'create' }).failure).toBeUndefined();
    expect(run(failedWith(['email']), { type: 'submitted' }).failure).toBeUndefined();
  });
});

describe('the provider refusals in plain words', () => {
  test.each([
    ['signIn', 'NotAuthorizedException', '', /The e-mail or the password is not right/, ['email', 'password']],
    ['signIn', 'InvalidPasswordException', '', /The e-mail or the password is not right/, ['email', 'password']],
    [
      'signIn',
      'NotAuthorizedException',
      'Password attempts exceeded',
      /Too many wrong passwords/,
      ['email', 'password'],
    ],
    ['create', 'UsernameExistsException', '', /An account with this e-mail already exists/, ['email']],
    ['create', 'InvalidPasswordException', '', /This password is too weak\. Password needs a symbol/, ['password']],
    ['create', 'LimitExceededException', '', /Too many attempts/, ['email', 'password']],
    ['code', 'CodeMismatchException', '', /This code is not right/, ['code']],
    ['code', 'ExpiredCodeException', '', /This code has expired/, ['code']],
    ['signIn', 'SomethingNewException', '', /Something went wrong \(SomethingNewException\)/, ['email', 'password']],
  ] as const)('given %s refused with %s %s, then it says %s', (mode, code, message, text, fields) => {
    const failure = explainFailure(mode, code, message, 'Mountain1a');
    expect(failure.text).toMatch(text);
    expect(failure.fields).toEqual(fields);
    expect(failure.accountExists ?? false).toBe(code === 'UsernameExistsException');
  });
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

describe("the second factor's step", () => {
  const asked = () =>
    run(filled('signIn'), { type: 'submitted' }, { type: 'secondFactorNeeded' }, { type: 'codeChanged', code: '12' });

  test("given a sign-in that needs the app's code, then the step holds its own code, checked before any call", () => {
    const state = asked();
    expect(state).toMatchObject({ secondFactor: { code: '12' }, request: 'Idle' });
    expect(state.confirmation).toBeUndefined();
    const invalid = run(state, { type: 'submitted' });
    expect(invalid.request).toBe('Invalid');
    expect(shownCodeError(invalid)).toBe('The code is the 6 digits your authenticator app shows');
    expect(shownLoginErrors(invalid)).toEqual({});
    expect(run(invalid, { type: 'codeChanged', code: '123456' }, { type: 'submitted' }).request).toBe('Pending');
  });

  test('a refused code offers no password reset; going back to the password keeps what was typed', () => {
    const failure = explainFailure('secondFactor', 'CodeMismatchException', '', '');
    const refused = run(
      asked(),
      { type: 'codeChanged', code: '123456' },
      { type: 'submitted' },
      { type: 'failed', failure },
    );
    expect(refused.failure?.fields).toEqual(['code']);
    expect(showsResetSuggestion(refused)).toBe(false);
    const back = run(refused, { type: 'backToPassword' });
    expect(back).toEqual({ email: 'parent@example.com', password: 'Mountain-1', request: 'Idle' });
  });

  test('a session that ran out goes back to the password with the reason, offering no reset: the password was right', () => {
    const failure = explainFailure('secondFactor', 'NotAuthorizedException', 'Invalid session for the user.', '');
    expect(failure.text).toBe('Too long since the password was checked: sign in again.');
    const back = run(asked(), { type: 'backToPassword', failure });
    expect(back).toMatchObject({ email: 'parent@example.com', password: 'Mountain-1', request: 'Idle', failure });
    expect(back.secondFactor).toBeUndefined();
    expect(showsResetSuggestion(back)).toBe(false);
    expect(run(back, { type: 'passwordChanged', password: 'Mountain-2' }).failure).toBeUndefined();
    expect(run(back, { type: 'submitted' }).request).toBe('Pending');
  });
});
