// What administrators write for families, in the family's language (web/src/i18n/Written.tsx, docs/i18n.md): the
// Spanish to a family reading Spanish; the English, tagged lang="en" and marked "(en inglés)", when there is no
// Spanish; and only the English, unmarked, to a family reading English.
import { act, render, renderHook, screen } from '@testing-library/react';
import { chooseLanguage } from '../../web/src/i18n/i18n';
import { InEnglishNote, useWritten, Written } from '../../web/src/i18n/Written';

afterEach(async () => {
  await act(() => chooseLanguage('en'));
  localStorage.clear();
});

const policy = {
  title: 'Liability waiver',
  text: 'Skiing has risks.\nWe ask you to accept them.',
  es: { title: 'Exención de responsabilidad', text: 'Esquiar tiene riesgos.\nLe pedimos que los acepte.' },
};

test('a family reading Spanish sees the Spanish, as the page speaks, unmarked', async () => {
  await act(() => chooseLanguage('es'));
  const { container } = render(
    <p>
      <Written en={policy.title} es={policy.es.title} />
    </p>,
  );
  expect(container.textContent).toBe('Exención de responsabilidad');
  expect(container.querySelector('[lang]')).toBeNull();
  expect(screen.queryByText('(en inglés)')).toBeNull();
});

test('without Spanish, a family reading Spanish sees the English in lang="en", marked "(en inglés)"', async () => {
  await act(() => chooseLanguage('es'));
  const { container } = render(
    <div style={{ whiteSpace: 'pre-wrap' }}>
      <Written en={policy.text} />
    </div>,
  );
  const english = container.querySelector('[lang="en"]');
  // Given as is: its line breaks show as the element around it shows them.
  expect(english?.textContent).toBe('Skiing has risks.\nWe ask you to accept them.');
  const note = screen.getByText('(en inglés)');
  expect(note.closest('[lang="en"]')).toBeNull();
  expect(container.textContent).toBe(`${policy.text}(en inglés)`);
});

test('a Spanish text left empty, or only spaces, is no Spanish', async () => {
  await act(() => chooseLanguage('es'));
  const { container } = render(<Written en="Bring skis" es="  " />);
  expect(container.querySelector('[lang="en"]')?.textContent).toBe('Bring skis');
  expect(screen.getByText('(en inglés)')).toBeTruthy();
});

test('no English and no Spanish shows nothing, not the note alone', async () => {
  await act(() => chooseLanguage('es'));
  const { container } = render(<Written en="" />);
  expect(container.textContent).toBe('');
});

test('a family reading English sees the English only, never the Spanish nor a note', () => {
  const { container } = render(
    <>
      <Written en={policy.title} es={policy.es.title} />|<Written en={policy.text} />
    </>,
  );
  expect(container.textContent).toBe(`${policy.title}|${policy.text}`);
  expect(container.textContent).not.toContain('Exención');
  expect(container.querySelector('[lang]')).toBeNull();
  expect(screen.queryByText('(in English)')).toBeNull();
});

test('the language switched on the page switches the text', async () => {
  const { container } = render(<Written en={policy.title} es={policy.es.title} />);
  expect(container.textContent).toBe('Liability waiver');
  await act(() => chooseLanguage('es'));
  expect(container.textContent).toBe('Exención de responsabilidad');
  await act(() => chooseLanguage('en'));
  expect(container.textContent).toBe('Liability waiver');
});

test('useWritten gives a string and whether it is the English in place of the Spanish', async () => {
  const { result, rerender } = renderHook(({ es }: { es: string | undefined }) => useWritten('Skill level', es), {
    initialProps: { es: 'Nivel' as string | undefined },
  });
  expect(result.current).toEqual({ text: 'Skill level', inEnglish: false });
  await act(() => chooseLanguage('es'));
  expect(result.current).toEqual({ text: 'Nivel', inEnglish: false });
  rerender({ es: undefined });
  expect(result.current).toEqual({ text: 'Skill level', lang: 'en', inEnglish: true });
});

test("a screen that lays the text out itself puts the note where it wants it, in the family's language", async () => {
  const { container } = render(<InEnglishNote />);
  expect(container.textContent).toBe('(in English)');
  await act(() => chooseLanguage('es'));
  expect(container.textContent).toBe('(en inglés)');
});
