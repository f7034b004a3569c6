// What every printed page of a class says at its top, so a loose page can be traced: the class, the semester,
// the printout, and "Page x of y". Each class prints on pages of its own name (CSS named pages), whose margin
// boxes carry its header. Attendance sheets print landscape, on the printer's paper, for a column per meeting
// (on the whole printout: Chromium takes the page size from the unnamed page).
import type { Printout } from './printout';

export interface PrintedClass {
  /** The CSS page name its section prints on. */
  page: string;
  className: string;
}

/** A CSS string: quotes and backslashes escaped (a name holds no line break: the schema refuses them). */
const cssString = (text: string) => `"${text.replace(/[\\"]/g, (character) => `\\${character}`)}"`;

const MARGIN_TEXT = 'font: 9pt system-ui, sans-serif; color: #333;';

export function PageHeaders({
  classes,
  semesterName,
  printout,
}: {
  classes: PrintedClass[];
  semesterName: string;
  printout: Printout;
}) {
  const what = printout === 'attendance' ? 'Attendance sheet' : 'Forms and contacts';
  const rules = classes.map(
    ({ page, className }) => `@page ${page} {
  @top-left { content: ${cssString(`${className} · ${semesterName} · ${what}`)}; ${MARGIN_TEXT} }
  @top-right { content: "Page " counter(page) " of " counter(pages); ${MARGIN_TEXT} }
}`,
  );
  // @page rules apply to print only. A plain style element: the margin boxes nested in @page are beyond what
  // the styling library writes.
  // What comes before the first class (the screen's controls, hidden on paper) is on the first class's page:
  // a page of another name would start the first class on a second, empty-headed sheet.
  const first = classes[0] ? `@media print { main#main { page: ${classes[0].page}; } }` : '';
  const orientation = printout === 'attendance' ? '@page { size: landscape; }' : '';
  return <style>{[orientation, ...rules, first].join('\n')}</style>;
}
