// The password policy's sentence in the reader's language: the rules the contract names, listed as the language lists
// things; English word for word the contract's own sentence.
import { act } from '@testing-library/react';
import { passwordProblem } from '../../lambdas/contract/passwordPolicy';
import { chooseLanguage } from '../../web/src/i18n/i18n';
import { passwordProblemText } from '../../web/src/i18n/passwordProblem';

afterEach(async () => {
  await act(() => chooseLanguage('en'));
});

test('a weak password is told every rule it fails, in Spanish, in the policy’s order', async () => {
  await act(() => chooseLanguage('es'));
  expect(passwordProblemText('abc')).toBe(
    'La contraseña necesita al menos 8 caracteres, una letra mayúscula, un número y un símbolo, como - o !',
  );
  expect(passwordProblemText('abcdefgH1')).toBe('La contraseña necesita un símbolo, como - o !');
  expect(passwordProblemText('abcdefgH1!')).toBeUndefined();
});

test('in English the sentence is the contract’s, word for word', () => {
  for (const password of ['abc', 'abcdefgh', 'ABCDEFGH1', 'abcdefgH1!'])
    expect(passwordProblemText(password)).toBe(passwordProblem(password));
  expect(passwordProblemText('abcdefgh')).toBe(
    'Password needs an upper case letter, a digit and a symbol such as - or !',
  );
});
