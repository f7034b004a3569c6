// Each guardian's e-mails in their own language (issue 34), through the local stack: the language kept on the
// account (saveLanguage, read back by myMailStatus, carried along when a guardian joins a family), the enrollment
// e-mail to two guardians of one family, one reading English and one Spanish, and the user pool's codes in the
// language of the account's locale (chosen at sign-up, kept by saveLanguage).
import { ForgotPasswordCommand, SignUpCommand } from '@aws-sdk/client-cognito-identity-provider';
import { randomUUID } from 'node:crypto';
import { adminSession, familyWithStudents, invitationTo, newClass, openSemester } from '../support/fixtures';
import { data, signUpFamily, userPool, waitForMail } from '../support/portal';

let semesterId: string;
beforeAll(async () => {
  semesterId = (await openSemester({ name: 'Languages semester' })).id;
});

test('the sign-up code goes in the language chosen at sign-up', async () => {
  const email = `ana-${randomUUID().slice(0, 8)}@example.com`;
  await userPool().send(
    new SignUpCommand({
      ClientId: process.env.USER_POOL_CLIENT_ID,
      Username: email,
      Password: `Pw-${randomUUID()}`,
      UserAttributes: [
        { Name: 'email', Value: email },
        { Name: 'locale', Value: 'es' },
      ],
    }),
  );
  const mail = await waitForMail(email, /^Su código de .+: confirme su correo electrónico$/);
  expect(mail.text).toMatch(/Su código es \d{6}\./);
  expect(mail.text).toContain('Escríbalo donde el portal se lo pide.');
  expect(mail.html).toContain('lang="es"');
});

test('two guardians of one family each get the enrollment e-mail in their own language', async () => {
  const cls = await newClass(semesterId, { name: 'Ice Climbing' });
  const { family, students } = await familyWithStudents(1, 'languages');
  // The second guardian chose Spanish on their own account before joining: the choice goes with them.
  const guardian = await signUpFamily('guardian-es');
  expect(await data('saveLanguage', { language: 'es' }, guardian.accessToken)).toEqual({ language: 'es' });
  const token = await invitationTo(family, guardian.email);
  await data('acceptInvitation', { token }, guardian.accessToken);
  await data('saveLanguage', { language: 'en' }, family.accessToken);
  expect(await data('myMailStatus', {}, guardian.accessToken)).toMatchObject({ language: 'es' });
  expect(await data('myMailStatus', {}, family.accessToken)).toMatchObject({ language: 'en' });

  const child = students[0]!;
  await data('enroll', { studentId: child.id, classId: cls.id }, family.accessToken);
  const name = `${child.firstName} ${child.lastName}`;
  const english = await waitForMail(family.email, `Enrolled: ${name} in Ice Climbing`);
  const spanish = await waitForMail(guardian.email, `Inscripción confirmada: ${name} en Ice Climbing`);
  expect(english.text).toContain(`Good news: ${name} has a seat in Ice Climbing.`);
  expect(english.html).toContain('lang="en"');
  expect(spanish.text).toContain(`Buenas noticias: ${name} tiene un lugar en Ice Climbing.`);
  expect(spanish.text).toContain('Qué hacer ahora');
  expect(spanish.html).toContain('lang="es"');

  // Leaving the family, the guardian keeps their language on the family of their own they get.
  await data('removeGuardian', { sub: guardian.sub }, guardian.accessToken);
  expect(await data('myMailStatus', {}, guardian.accessToken)).toMatchObject({ language: 'es' });
});

test("a language saved on the account is the user pool's too: a password reset's code comes in it", async () => {
  const account = await signUpFamily('reset-es');
  expect(await data('myMailStatus', {}, account.accessToken)).not.toHaveProperty('language');
  await data('saveLanguage', { language: 'es' }, account.accessToken);
  await userPool().send(
    new ForgotPasswordCommand({ ClientId: process.env.USER_POOL_CLIENT_ID, Username: account.email }),
  );
  const mail = await waitForMail(account.email, /^Restablezca su contraseña de /);
  expect(mail.text).toMatch(/Su código para restablecerla es \d{6}\./);
});

test('a language the portal does not speak is refused', async () => {
  const account = await signUpFamily('language-fr');
  await expect(data('saveLanguage', { language: 'fr' }, account.accessToken)).rejects.toThrow();
});

test('a class changed reaches a Spanish-reading family with its changes in Spanish', async () => {
  const cls = await newClass(semesterId, { name: 'Cambio de lugar' });
  const { family, students } = await familyWithStudents(1, 'changed-es');
  await data('saveLanguage', { language: 'es' }, family.accessToken);
  await data('enroll', { studentId: students[0]!.id, classId: cls.id }, family.accessToken);
  await waitForMail(family.email, /^Inscripción confirmada: /);
  const { id, semesterId: semester, name, description, instructor, meetings, capacity, status, whatToBring } = cls;
  await data(
    'saveClass',
    {
      id,
      semesterId: semester,
      name,
      description,
      instructor,
      meetings,
      capacity,
      status,
      whatToBring,
      location: 'Box Canyon',
    },
    (await adminSession()).accessToken,
  );
  const mail = await waitForMail(family.email, 'Cambios en Cambio de lugar');
  expect(mail.text).toContain('- El lugar ahora es Box Canyon (antes era Summit Lodge).');
  expect(mail.html).toContain('lang="es"');
});

test("an administrator's message reaches a Spanish-reading family in the Spanish given, and an English-reading one in English", async () => {
  const cls = await newClass(semesterId, { name: 'Raquetas' });
  const spanish = await familyWithStudents(1, 'message-es');
  const english = await familyWithStudents(1, 'message-en');
  await data('saveLanguage', { language: 'es' }, spanish.family.accessToken);
  for (const { family, students } of [spanish, english])
    await data('enroll', { studentId: students[0]!.id, classId: cls.id }, family.accessToken);
  const admin = await adminSession();
  await data(
    'sendMessage',
    {
      messageId: randomUUID(),
      audience: { kind: 'class', id: cls.id },
      subject: 'Trail closed',
      text: 'The trail is closed on Saturday.',
      es: { subject: 'Sendero cerrado', text: 'El sendero está cerrado el sábado.' },
    },
    admin.accessToken,
  );
  const inSpanish = await waitForMail(spanish.family.email, 'Sendero cerrado');
  expect(inSpanish.text).toContain('El sendero está cerrado el sábado.');
  expect(inSpanish.text).not.toContain('The trail is closed');
  const inEnglish = await waitForMail(english.family.email, 'Trail closed');
  expect(inEnglish.text).toContain('The trail is closed on Saturday.');
  expect(inEnglish.text).not.toContain('sendero');
});
