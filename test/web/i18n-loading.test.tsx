// A language but English comes a catalogue at a time: those of the parts loaded when it is chosen, then each part's
// as its code loads (wordsLoaded, awaited by every lazily loaded screen). A catalogue that cannot be loaded shows its
// part in English, never as message ids.
import { act } from '@testing-library/react';
import { showLanguage, wordsLoaded } from '../../web/src/i18n/i18n';

const refused = new Set<string>();
jest.mock('../../web/src/i18n/locales/loaders', () => {
  const { loaders } = jest.requireActual('../../web/src/i18n/locales/loaders');
  return {
    loaders: {
      es: Object.fromEntries(
        Object.entries(loaders.es as Record<string, () => Promise<unknown>>).map(([name, load]) => [
          name,
          () => (refused.has(name) ? Promise.reject(new Error(`${name}: no signal`)) : load()),
        ]),
      ),
    },
  };
});

afterEach(async () => {
  refused.clear();
  await act(() => showLanguage('en'));
});

test('a part loaded after Spanish was chosen says its words in Spanish once they are loaded', async () => {
  await act(() => showLanguage('es'));
  const { i18n } = await import('../../web/src/i18n/signIn');
  await wordsLoaded();
  expect(i18n._('auth.signIn.title')).toBe('Iniciar sesión');
  await act(() => showLanguage('en'));
  expect(i18n._('auth.signIn.title')).toBe('Sign In');
});

test('a catalogue that cannot be loaded leaves its part in English, and is asked for again at the next choice', async () => {
  await act(() => showLanguage('es'));
  refused.add('password');
  const { i18n } = await import('../../web/src/i18n/password');
  await expect(wordsLoaded()).resolves.toBeUndefined();
  expect(i18n._('password.needs', { rules: 'x' })).toBe('Password needs x');

  refused.clear();
  await act(() => showLanguage('es'));
  expect(i18n._('password.needs', { rules: 'x' })).toBe('La contraseña necesita x');
});
