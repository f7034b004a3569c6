// Manage Account in Spanish: the children (their list with a grade, a date and a plural, the student form and its
// messages), the guardians and invitations, the password's rules, the second factor and the account's deletion
// with its confirmation; switching back to English gives the spec's words exactly.
import { PASSWORD_HINT } from '@contract/passwordPolicy';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router-dom';
import { ManageAccountPage } from '../../web/src/account/ManageAccountPage';
import { studentFieldName } from '../../web/src/account/students/studentDraft';
import { fieldSentence } from '../../web/src/api/useSave';
import { AuthContext, type Auth } from '../../web/src/api/session';
import { i18n } from '../../web/src/i18n/account';
import { chooseLanguage } from '../../web/src/i18n/i18n';
import { ToastArea } from '../../web/src/layout/toast';
import { loadRuntimeConfig } from '../../web/src/runtimeConfig';
import { answeringCalls } from '../support/adminScreen';

jest.mock('../../web/src/api/amplify', () => ({ AUTH_FLOW: 'USER_PASSWORD_AUTH' }));
jest.mock('aws-amplify/auth', () => ({ updatePassword: jest.fn() }));
jest.mock('../../web/src/api/secondFactor', () => ({
  secondFactorIsOn: jest.fn(async () => false),
  newSecondFactorKey: jest.fn(),
  turnOnSecondFactor: jest.fn(),
  turnOffSecondFactor: jest.fn(),
  endEverySession: jest.fn(),
  isWrongCode: () => false,
}));

const parent: Auth = {
  status: 'signedIn',
  user: { sub: 'parent-1', email: 'familia@example.org' },
  roles: [],
  isAdmin: false,
  signOut: jest.fn(),
};

const alex = {
  id: 'student-1',
  firstName: 'Alex',
  lastName: 'Tester',
  birthDate: '2015-04-01',
  grade: 3,
  tshirtSize: 'YM',
  emergencyContacts: [{ name: 'Sam Tester', phone: '555 0100' }],
  pickupAdults: [],
};
const enrolled = (id: string) => ({ id, studentId: alex.id, status: 'enrolled' });

// jsdom scrolls nothing: a refused save scrolls its first problem into view.
Element.prototype.scrollIntoView ??= () => undefined;

beforeEach(() => {
  answeringCalls((name) => {
    switch (name) {
      case 'students':
        return { students: [alex] };
      case 'myEnrollments':
        return { enrollments: [enrolled('e-1'), enrolled('e-2')] };
      case 'guardians':
        return {
          guardians: [
            { sub: 'parent-1', email: 'familia@example.org', you: true },
            { sub: 'parent-2', email: 'abuela@example.org', joinedAt: '2026-09-01T15:00:00Z' },
          ],
          invitations: [
            {
              id: 'inv-1',
              email: 'tio@example.org',
              invitedByEmail: 'familia@example.org',
              createdAt: '2027-01-03T10:00:00Z',
              expiresAt: '2027-01-10T10:00:00Z',
            },
          ],
        };
      case 'myMailStatus':
        return {
          optional: { enrollmentChanges: true, reminders: true, announcements: true, checkOuts: true },
          addresses: [],
        };
      case 'tshirtSizes':
        return { sizes: [{ code: 'YM', label: 'Youth M' }] };
      default:
        return {};
    }
  });
});

afterEach(async () => {
  await act(() => chooseLanguage('en'));
  localStorage.clear();
});

async function renderManageAccount() {
  await loadRuntimeConfig();
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <ToastArea>
        <AuthContext.Provider value={parent}>
          <MemoryRouter initialEntries={['/account/manage']}>
            <ManageAccountPage />
          </MemoryRouter>
        </AuthContext.Provider>
      </ToastArea>
    </QueryClientProvider>,
  );
  // Each section has what it shows once its calls are answered (the password's form loads on its own).
  await screen.findByText('Alex Tester');
  await screen.findByRole('list', { name: /^(Guardians|Tutores)$/ });
  await screen.findByRole('button', { name: /^(Save e-mail choices|Guardar las preferencias de correo)$/ });
  await screen.findByRole('button', { name: /^(Change Password|Cambiar la contraseña)$/ });
}

test('given Spanish, then the children, their plural and dates, the guardians and the password are in Spanish', async () => {
  await act(() => chooseLanguage('es'));
  await renderManageAccount();
  expect(screen.getByRole('heading', { name: 'Administrar cuenta' })).toBeInTheDocument();
  expect(screen.getByText('Correo electrónico:', { exact: false })).toHaveTextContent(
    'Correo electrónico: familia@example.org',
  );
  for (const section of ['Hijos', 'Tutores', 'Correos', 'Eliminar la cuenta', 'Segundo factor'])
    expect(screen.getByRole('heading', { name: section })).toBeInTheDocument();

  const child = within(screen.getByRole('list', { name: 'Sus hijos' })).getByRole('listitem');
  expect(child).toHaveTextContent('3.º grado · nació el 1 abr 2015 · datos nunca confirmados');
  expect(child).toHaveTextContent(
    'Está en 2 clases o listas de espera: cancélelas en Inscripciones antes de quitar a Alex.',
  );
  expect(within(child).getByRole('button', { name: 'Quitar a Alex' })).toBeDisabled();

  const guardians = within(screen.getByRole('list', { name: 'Tutores' }));
  expect(guardians.getByText('familia@example.org (usted)')).toBeInTheDocument();
  expect(guardians.getByText('Tutor/a desde el 1 sept 2026')).toBeInTheDocument();
  expect(guardians.getByRole('button', { name: 'Salir de la familia' })).toBeInTheDocument();
  const waiting = within(screen.getByRole('list', { name: 'Invitaciones pendientes' }));
  expect(waiting.getByText('Enviada por familia@example.org; válida hasta el 10 ene 2027')).toBeInTheDocument();
  expect(waiting.getByRole('button', { name: 'Cancelar la invitación a tio@example.org' })).toBeInTheDocument();
  const invite = screen.getByRole('form', { name: 'Invitar a un tutor o una tutora' });
  expect(within(invite).getByRole('textbox', { name: 'El nombre de su familia, tal como lo leerá' })).toHaveValue(
    'Familia Tester',
  );
  await userEvent.click(within(invite).getByRole('button', { name: 'Invitar' }));
  expect(
    await within(invite).findByText('Escriba la dirección de correo completa, por ejemplo nombre@ejemplo.com'),
  ).toBeInTheDocument();

  expect(screen.getByLabelText('Contraseña nueva')).toHaveAccessibleDescription(
    'Al menos 8 caracteres, con mayúsculas y minúsculas, un número y un símbolo.',
  );
  expect(screen.getByRole('button', { name: 'Activar el segundo factor' })).toBeInTheDocument();
  expect(screen.getByRole('checkbox', { name: 'Recordatorios antes de que empiece una clase' })).toBeChecked();
});

test('given Spanish, when a child is added with nothing typed, then the form and its messages are in Spanish', async () => {
  await act(() => chooseLanguage('es'));
  await renderManageAccount();
  await userEvent.click(screen.getByRole('button', { name: 'Agregar un hijo o hija' }));
  const dialog = screen.getByRole('dialog', { name: 'Agregar un hijo o hija' });
  const form = within(dialog);
  expect(form.getByRole('textbox', { name: 'Apellido' })).toBeInTheDocument();
  expect(form.getByRole('heading', { name: 'Contactos de emergencia' })).toBeInTheDocument();
  expect(form.getByRole('heading', { name: 'Adultos autorizados para recoger' })).toBeInTheDocument();
  expect(form.getByRole('textbox', { name: 'Nombre del contacto' })).toBeInTheDocument();
  expect(form.getByRole('button', { name: 'Agregar un adulto autorizado' })).toBeInTheDocument();
  expect(form.getByRole('textbox', { name: 'Alergias' })).toBeInTheDocument();
  expect(
    form.getByRole('checkbox', { name: 'Se pueden usar fotos de mi hijo o hija en el boletín del programa' }),
  ).not.toBeChecked();

  await userEvent.click(form.getByRole('button', { name: 'Agregar' }));
  expect(await form.findByText('Escriba el nombre de su hijo o hija')).toBeInTheDocument();
  expect(form.getByRole('textbox', { name: 'Nombre' })).toHaveAccessibleDescription(
    'Escriba el nombre de su hijo o hija',
  );
  expect(form.getByText('Escriba la fecha de nacimiento de su hijo o hija')).toBeInTheDocument();
  expect(form.getByText('Escriba el teléfono del contacto')).toBeInTheDocument();

  // The grades' list, in Spanish.
  await userEvent.click(form.getByRole('combobox', { name: 'Grado escolar' }));
  const grades = within(screen.getByRole('listbox'));
  for (const grade of ['Todavía no va a la escuela', 'Prekínder', 'Kínder', '1.º grado', '12.º grado'])
    expect(grades.getByRole('option', { name: grade })).toBeInTheDocument();
});

test("given Spanish, the form's sentences name each listed person and problem in Spanish", async () => {
  await act(() => chooseLanguage('es'));
  expect(fieldSentence(studentFieldName('emergencyContacts[1].phone'), 'must be a phone number')).toBe(
    'Escriba el teléfono del contacto 2 con al menos 7 dígitos (se permiten espacios, +, -, ( ))',
  );
  expect(fieldSentence(studentFieldName('pickupAdults[0].relationship'), 'is required')).toBe(
    'Escriba la relación del adulto autorizado 1',
  );
  expect(fieldSentence(studentFieldName('lastName'), 'must be at most 60 characters')).toBe(
    'El apellido de su hijo o hija puede tener como máximo 60 caracteres',
  );
  expect(fieldSentence(studentFieldName('birthDate'), 'must be in the past')).toBe(
    'La fecha de nacimiento de su hijo o hija tiene que ser una fecha pasada',
  );
});

test('given Spanish, when the account is deleted, then the confirmation asks for the Spanish word', async () => {
  await act(() => chooseLanguage('es'));
  await renderManageAccount();
  expect(
    screen.getByText(/^Al eliminar su cuenta, sale de su familia: los hijos y sus inscripciones quedan con/),
  ).toHaveTextContent('quedan con abuela@example.org. No se puede deshacer.');
  await userEvent.click(screen.getByRole('button', { name: 'Eliminar la cuenta' }));
  const dialog = within(screen.getByRole('dialog', { name: '¿Eliminar su cuenta?' }));
  expect(
    dialog.getByText(/^Saldrá de su familia \(los hijos y sus inscripciones quedan con abuela@example.org\)/),
  ).toHaveTextContent(/se cerrará su sesión\. Escriba ELIMINAR para confirmar\.$/);
  expect(dialog.getByText('ELIMINAR').tagName).toBe('STRONG');
  const confirm = dialog.getByRole('button', { name: 'Eliminar la cuenta' });
  expect(confirm).toBeDisabled();
  expect(dialog.getByRole('button', { name: 'Conservar mi cuenta' })).toBeEnabled();
  await userEvent.type(dialog.getByRole('textbox', { name: 'Escriba ELIMINAR' }), 'DELETE');
  expect(confirm).toBeDisabled();
  await userEvent.clear(dialog.getByRole('textbox', { name: 'Escriba ELIMINAR' }));
  await userEvent.type(dialog.getByRole('textbox', { name: 'Escriba ELIMINAR' }), 'ELIMINAR');
  expect(confirm).toBeEnabled();
});

test('switching back to English gives the English words exactly', async () => {
  await act(() => chooseLanguage('es'));
  await renderManageAccount();
  expect(screen.getByRole('heading', { name: 'Administrar cuenta' })).toBeInTheDocument();
  await act(() => chooseLanguage('en'));
  expect(screen.getByRole('heading', { name: 'Manage Account' })).toBeInTheDocument();
  for (const section of ['Children', 'Guardians', 'E-mails', 'Delete account', 'Second factor', 'Change password'])
    expect(screen.getByRole('heading', { name: section })).toBeInTheDocument();
  const child = within(screen.getByRole('list', { name: 'Your children' })).getByRole('listitem');
  expect(child).toHaveTextContent('Grade 3 · born Apr 1, 2015 · details confirmed never');
  expect(child).toHaveTextContent('In 2 classes or waitlists: cancel them under Enrollments before removing Alex.');
  expect(screen.getByText('Guardian since Sep 1, 2026')).toBeInTheDocument();
  expect(screen.getByText('Sent by familia@example.org; valid until Jan 10, 2027')).toBeInTheDocument();
  expect(screen.getByRole('textbox', { name: "Your family's name, as they read it" })).toHaveValue('The Tester family');
  expect(screen.getByLabelText('New password')).toHaveAccessibleDescription(PASSWORD_HINT);
  expect(
    screen.getByText(
      'Deleting your account takes you off your family: the children and their enrollments stay with abuela@example.org. It cannot be undone.',
    ),
  ).toBeInTheDocument();
  await userEvent.click(screen.getByRole('button', { name: 'Delete account' }));
  const dialog = within(screen.getByRole('dialog', { name: 'Delete your account?' }));
  expect(dialog.getByText(/^You leave your family/)).toHaveTextContent(
    'You leave your family (the children and their enrollments stay with abuela@example.org), your account is deleted, and you are signed out. Type DELETE to confirm.',
  );
  expect(dialog.getByRole('textbox', { name: 'Type DELETE' })).toBeInTheDocument();
  await userEvent.click(dialog.getByRole('button', { name: 'Keep my account' }));

  await userEvent.click(screen.getByRole('button', { name: 'Add a child' }));
  const form = within(screen.getByRole('dialog', { name: 'Add a child' }));
  await userEvent.click(form.getByRole('button', { name: 'Add child' }));
  expect(await form.findByText("Enter the child's first name")).toBeInTheDocument();
  expect(form.getByText("Enter the contact's phone number")).toBeInTheDocument();
  expect(form.getByRole('button', { name: 'Add a pick-up adult' })).toBeInTheDocument();
  expect(form.getByRole('button', { name: 'Remove contact 1' })).toBeDisabled();
});

test("the English password rules are the user pool's own words (the contract's PASSWORD_HINT)", () => {
  expect(i18n._('account.password.hint', { minLength: 8 })).toBe(PASSWORD_HINT);
});
