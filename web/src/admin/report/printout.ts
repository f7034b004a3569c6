// Which printout Class Forms and Contacts shows and prints, kept in the URL (?printout=attendance).
export type Printout = 'forms' | 'attendance';

export const printoutOf = (value: string | null): Printout => (value === 'attendance' ? 'attendance' : 'forms');

/** Each class's CSS page name in the printout: its place in the list (a name needs no escaping). */
export const pageName = (index: number) => `class-${index + 1}`;
