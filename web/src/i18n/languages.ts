/** Each language by its own name, as the language control shows it; English is the source and the fallback. */
export const LANGUAGES = { en: 'English', es: 'Español' } as const;
export type Language = keyof typeof LANGUAGES;
