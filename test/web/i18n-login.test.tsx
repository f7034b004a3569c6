// The portal in Spanish, first slice: the language comes from the browser or the family's choice (remembered in this
// browser), the header's control switches it on the page with the page's lang, the sign-in screens speak it, and
// English stays word for word as the spec has it.
import { act, render, renderHook, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { AuthContext, type Auth } from '../../web/src/api/session';
import * as identity from '../../web/src/auth/identity';
import { LoginForm } from '../../web/src/auth/LoginForm';
import { formatsFor, useFormat } from '../../web/src/i18n/format';
import { browserLanguage, chooseLanguage, startLanguage } from '../../web/src/i18n/i18n';
import { Header } from '../../web/src/layout/Header';
import { ToastArea } from '../../web/src/layout/toast';

jest.mock('../../web/src/api/amplify', () => ({ AUTH_FLOW: 'USER_PASSWORD_AUTH' }));
jest.mock('../../web/src/auth/identity', () => ({
  ConfirmationNeeded: jest.requireActual('../../web/src/auth/identity').ConfirmationNeeded,
  SecondFactorNeeded: jest.requireActual('../../web/src/auth/identity').SecondFactorNeeded,
  signInOrConfirm: jest.fn(),
  sendPasswordResetEmail: jest.fn(),
  errorCode: (error: Error) => error.name,
}));
const calls = jest.mocked(identity);

const visitor: Auth = { status: 'signedOut', isAdmin: false, signOut: async () => undefined };

// jsdom has no ResizeObserver; the header only reports its height with it.
globalThis.ResizeObserver ??= class {
  observe() {}
  disconnect() {}
  unobserve() {}
} as unknown as typeof ResizeObserver;

function renderSignIn() {
  return render(
    <ToastArea>
      <AuthContext.Provider value={visitor}>
        <MemoryRouter initialEntries={['/user/login']}>
          <Header />
          <Routes>
            <Route path="/user/login" element={<LoginForm mode="signIn" />} />
          </Routes>
        </MemoryRouter>
      </AuthContext.Provider>
    </ToastArea>,
  );
}

function browserSays(...languages: string[]) {
  jest.spyOn(navigator, 'languages', 'get').mockReturnValue(languages);
}

afterEach(async () => {
  jest.restoreAllMocks();
  jest.resetAllMocks();
  localStorage.clear();
  await act(() => chooseLanguage('en'));
  localStorage.clear();
});

test('the browser decides at first: Spanish when its first supported language is any es-*', () => {
  expect(browserLanguage(['es-MX', 'en-US'])).toBe('es');
  expect(browserLanguage(['fr-FR', 'ES'])).toBe('es');
  expect(browserLanguage(['en-US', 'es'])).toBe('en');
  expect(browserLanguage(['fr-FR', 'de'])).toBe('en');
  expect(browserLanguage([])).toBe('en');
});

test('given a browser in Spanish, then the login screen, its checks and its failure are in Spanish, and lang is es', async () => {
  browserSays('es-MX', 'en-US');
  await startLanguage();
  expect(document.documentElement.lang).toBe('es');
  const user = userEvent.setup();
  calls.signInOrConfirm.mockRejectedValue(Object.assign(new Error('refused'), { name: 'NotAuthorizedException' }));
  renderSignIn();
  expect(screen.getByRole('heading', { name: 'Iniciar sesión' })).toBeInTheDocument();
  expect(screen.getByRole('link', { name: '¿Es la primera vez? Cree una cuenta.' })).toBeInTheDocument();
  await user.click(screen.getByRole('button', { name: 'Iniciar sesión' }));
  expect(screen.getByLabelText('Correo electrónico')).toHaveAccessibleDescription('Escriba su correo electrónico');
  expect(screen.getByLabelText('Contraseña')).toHaveAccessibleDescription('Escriba su contraseña');
  await user.type(screen.getByLabelText('Correo electrónico'), 'familia@example.com');
  await user.type(screen.getByLabelText('Contraseña'), 'equivocada{Enter}');
  expect(await screen.findByText('No se pudo iniciar sesión: NotAuthorizedException')).toBeInTheDocument();
  expect(screen.getByRole('note')).toHaveTextContent(/^El correo electrónico o la contraseña no son correctos\./);
  expect(screen.getByRole('button', { name: '¿Olvidó su contraseña? Reciba un correo para cambiarla.' })).toBeVisible();
});

test('given a choice kept in this browser, then it wins over the browser language', async () => {
  localStorage.setItem('portal.language', 'en');
  browserSays('es-ES');
  await startLanguage();
  expect(document.documentElement.lang).toBe('en');
});

test('the header control switches the page and its lang both ways, remembers the choice, and English is unchanged', async () => {
  const user = userEvent.setup();
  renderSignIn();
  const control = screen.getByRole('group', { name: 'Language' });
  expect(within(control).getByRole('button', { name: 'English' })).toHaveAttribute('aria-pressed', 'true');
  expect(within(control).getByRole('button', { name: 'Español' })).toHaveAttribute('lang', 'es');
  expect(screen.getByText('Registration Portal')).toBeInTheDocument();
  expect(screen.getByRole('heading', { name: 'Sign In' })).toBeInTheDocument();

  await user.click(within(control).getByRole('button', { name: 'Español' }));
  expect(document.documentElement.lang).toBe('es');
  expect(localStorage.getItem('portal.language')).toBe('es');
  expect(screen.getByRole('group', { name: 'Idioma' })).toBe(control);
  expect(within(control).getByRole('button', { name: 'Español' })).toHaveAttribute('aria-pressed', 'true');
  expect(screen.getByText('Portal de inscripciones')).toBeInTheDocument();
  expect(screen.getByRole('img', { name: 'Logotipo de la escuela de montaña' })).toBeInTheDocument();
  expect(screen.getByRole('heading', { name: 'Iniciar sesión' })).toBeInTheDocument();
  expect(screen.getByLabelText('Correo electrónico')).toBeInTheDocument();

  await user.click(within(control).getByRole('button', { name: 'English' }));
  expect(document.documentElement.lang).toBe('en');
  expect(localStorage.getItem('portal.language')).toBe('en');
  expect(screen.getByText('Registration Portal')).toBeInTheDocument();
  expect(screen.getByRole('img', { name: 'Mountain school logo' })).toBeInTheDocument();
  expect(screen.getByRole('heading', { name: 'Sign In' })).toBeInTheDocument();
  expect(screen.getByLabelText('Email')).toBeInTheDocument();
  expect(screen.getByLabelText('Password')).toBeInTheDocument();
  expect(screen.getByRole('link', { name: 'First time? Create an account.' })).toBeInTheDocument();
});

test('given the code step in Spanish, then the address is in bold inside the Spanish sentence', async () => {
  await chooseLanguage('es');
  const user = userEvent.setup();
  calls.signInOrConfirm.mockRejectedValue(new identity.ConfirmationNeeded());
  renderSignIn();
  await user.type(screen.getByLabelText('Correo electrónico'), 'familia@example.com');
  await user.type(screen.getByLabelText('Contraseña'), 'Montaña-2027{Enter}');
  const form = await screen.findByRole('form', { name: 'Confirme su correo electrónico' });
  expect(within(form).getByText('familia@example.com').tagName).toBe('STRONG');
  expect(form).toHaveTextContent(
    'Le enviamos un código de 6 dígitos a familia@example.com. Escríbalo aquí para confirmar su correo electrónico.',
  );
});

test('dates and numbers read as each language writes them, on the programme clock', async () => {
  const moment = '2027-01-10T16:00:00Z';
  expect(formatsFor('en', 'America/Denver').moment(moment)).toBe('Sun, Jan 10, 2027, 9:00 AM MST');
  expect(formatsFor('es', 'America/Denver').moment(moment)).toBe('dom, 10 ene 2027, 9:00 GMT-7');
  expect(formatsFor('en', 'UTC').number(12500.5)).toBe('12,500.5');
  expect(formatsFor('es', 'UTC').number(12500.5)).toBe('12.500,5');
  await chooseLanguage('es');
  const { result } = renderHook(() => useFormat());
  expect(result.current.number(12500.5)).toBe('12.500,5');
});
