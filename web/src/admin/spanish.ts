// The Spanish versions of what administrators write for families (docs/i18n.md, issue 34): each English field of
// such a text has an optional Spanish one beside it. The administrators' screens stay in English.

/** Under each Spanish field: what a family reading Spanish sees without it. */
export const SPANISH_HINT = 'Families reading Spanish see the English when this is empty, marked "in English".';

/** A Spanish field's label: "Description in Spanish (optional)". */
export const inSpanish = (label: string) => `${label} in Spanish (optional)`;

/** The texts given of a draft's Spanish, `es` when one is (an emptied one is then removed on saving). */
export function spanishInput<Field extends string>(
  texts: Record<Field, string>,
): { es?: Partial<Record<Field, string>> } {
  const es = Object.fromEntries(Object.entries<string>(texts).filter(([, text]) => text.trim() !== '')) as Partial<
    Record<Field, string>
  >;
  return Object.keys(es).length ? { es } : {};
}
