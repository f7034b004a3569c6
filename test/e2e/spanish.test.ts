// A family whose browser asks for Spanish, on a desktop and on a phone: the class list, account creation with the
// e-mailed code, a child added and enrolled, My Enrollments, Manage Account, the lottery page and the class calendar,
// each in Spanish with no English word but names (what an administrator wrote in English is tagged `lang="en"` and
// left out), each checked with axe; the e-mails in Spanish too. The lottery page shows a lottery not yet taking
// requests (the server's reason in Spanish) whose seed an administrator changed (the reason marked English).
import type { Browser, Page } from 'playwright-core';
import type { SeedCommitment, Semester } from '../../lambdas/contract/records';
import { launchBrowser, openPortal, waitForPath } from '../support/browser';
import { adminSession, newClass, openSemester } from '../support/fixtures';
import { data, outbox, waitForMail } from '../support/portal';
import { DESKTOP, expectNone, PHONE, violations } from './axe';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

/** Words of English a Spanish page must not show (none of them is also a Spanish word). */
const ENGLISH =
  /\b(the|and|your|you|with|for|class|classes|enroll|enrolled|enrollments?|waitlist|account|sign|save|cancel|delete|student|students|semester|policy|policies|child|children|guardians?|loading|please|this|that|from|will|have|are|seats?|grade|registration|calendar|manage|password|name|next|back|done|add|remove|change|close|full|left|meetings?|schedule|today|week|month|help|contact|questions|answer|settings|lottery|requests?|confirm|continue|details|language|e-mail|email)\b/gi;

/** An English sentence's usual words: an e-mail that holds them was written in English. */
const ENGLISH_SENTENCE = /\b(the|your|you|is|has been|enrolled)\b/i;

interface Shown {
  /** The class whose card is checked; the other classes' cards are their administrators' names and words. */
  mine?: string;
  /** Elements made of names only (the calendar's meetings and its list of classes). */
  namesIn?: string;
}

/**
 * The English words the page shows, outside names: its visible text and its elements' accessible names, without
 * what is tagged English, the cards of classes other than `mine`, the elements `namesIn`, and `names` (people,
 * classes, semesters, addresses, the programme).
 */
async function englishShown(page: Page, names: string[], { mine, namesIn }: Shown = {}): Promise<string[]> {
  const text = await page.evaluate(
    ([mineName, namesOnly]) => {
      const skipped = (element: Element | null): boolean => {
        // Up to the body: the page's own `lang` is the one checked.
        for (let at = element; at && at !== document.documentElement; at = at.parentElement) {
          if (at.getAttribute('lang') === 'en' || at.matches('script, style, [aria-hidden="true"]')) return true;
          if (namesOnly && at.matches(namesOnly)) return true;
          if (at.matches('article') && mineName && !at.textContent?.includes(mineName)) return true;
        }
        return false;
      };
      const parts: string[] = [];
      const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
      for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        const parent = node.parentElement;
        if (!parent || skipped(parent) || !parent.checkVisibility()) continue;
        parts.push(node.textContent ?? '');
      }
      // What a screen reader hears besides: the names of buttons and fields.
      for (const element of document.querySelectorAll('[aria-label], [placeholder], [title]'))
        if (!skipped(element) && element.checkVisibility())
          parts.push(
            ['aria-label', 'placeholder', 'title'].map((attribute) => element.getAttribute(attribute) ?? '').join(' '),
          );
      return parts.join(' ');
    },
    [mine ?? '', namesIn ?? ''] as const,
  );
  // E-mail addresses are names too (the programme's contact's among them).
  const unnamed = names.reduce((left, name) => left.split(name).join(' '), text).replace(/\S+@\S+/g, ' ');
  return [...unnamed.matchAll(ENGLISH)].map((match) =>
    unnamed.slice(Math.max(0, match.index - 30), match.index + match[0].length + 30).replace(/\s+/g, ' '),
  );
}

const SEED_REASON = 'The class sizes were wrong when the seed was committed.';

/** A lottery whose requests open in an hour, and whose seed an administrator changed, with their reason. */
async function changedLottery(semesterId: string) {
  const admin = (await adminSession()).accessToken;
  const at = (hours: number) => new Date(Date.now() + hours * 3_600_000).toISOString();
  const lottery = { requestsOpen: at(1), requestsClose: at(24), resultsBy: at(48), seatsOpen: at(72), choices: 1 };
  await data('saveAllocationSettings', { semesterId, lottery, priorityWindows: [] }, admin);
  const { commitments } = await data<{ commitments: SeedCommitment[] }>('lotteryDraw', { semesterId }, admin);
  await data('changeLotterySeed', { semesterId, replacing: commitments.at(-1)!.hash, reason: SEED_REASON }, admin);
}

/** The page is in Spanish (its `lang` too), shows no English but names, and axe finds nothing serious. */
async function expectSpanish(page: Page, screen: string, names: string[], shown: Shown = {}) {
  // Semesters other test files open meanwhile on the same stack are shown too, by their names.
  const { semesters } = await data<{ semesters: Semester[] }>('semesters');
  expect(await englishShown(page, [...names, ...semesters.map((semester) => semester.name)], shown)).toEqual([]);
  expect(await page.evaluate(() => document.documentElement.lang)).toBe('es');
  expectNone(await violations(page, screen));
}

test.each([DESKTOP, PHONE])(
  'given a family whose browser asks for Spanish, on a $name, then from the class list through account creation, enrolling a child, My Enrollments, Manage Account, the lottery page and the calendar everything is in Spanish, with no serious axe finding, and so are the e-mails',
  async (window) => {
    const stamp = Date.now();
    const semester = await openSemester({ name: `Temporada de invierno ${stamp}` });
    const cls = await newClass(semester.id, { name: `Escalada en hielo ${stamp}`, capacity: 5 });
    const lotterySemester = await openSemester({ name: `Sorteo de primavera ${stamp}` });
    await changedLottery(lotterySemester.id);
    const { semesters } = await data<{ semesters: Semester[] }>('semesters');
    const address = `familia-${window.name}-${stamp}@example.com`;
    const names = [
      ...semesters.map((each) => each.name),
      cls.name,
      address,
      'Mountain School Programme',
      'Youth L',
      'Sol Montaña',
      'Robin Montaña',
      'Sol',
    ];

    const { page, context } = await openPortal(browser, {
      width: window.width,
      height: window.height,
      locale: 'es-MX',
    });
    await page.goto('/classes/enrollment');
    await page.getByRole('heading', { name: 'Inscripción a clases', level: 1 }).waitFor();
    await page.getByRole('article', { name: cls.name }).waitFor();
    await expectSpanish(page, 'Inscripción a clases', names, { mine: cls.name });

    // Account creation from the class: the code comes by e-mail, in Spanish.
    await page
      .getByRole('article', { name: cls.name })
      .getByRole('button', { name: `Inscribir en ${cls.name}` })
      .click();
    await waitForPath(page, '/user/login');
    await page.getByText(`Inicie sesión o cree una cuenta para inscribir a su hijo o hija en ${cls.name}.`).waitFor();
    await expectSpanish(page, 'Iniciar sesión', names);
    await page.getByRole('link', { name: '¿Es la primera vez? Cree una cuenta.' }).click();
    await page.getByRole('button', { name: 'Crear con su correo electrónico' }).click();
    await page.getByLabel('Correo electrónico').fill(address);
    await page.getByLabel('Contraseña', { exact: true }).fill('Montaña-Nueva-1');
    await expectSpanish(page, 'Crear una cuenta', names);
    await page.getByRole('button', { name: 'Crear la cuenta' }).click();
    const codeMail = await waitForMail(address, /confirme su correo electrónico/);
    const code = /Su código es (\d{6})/.exec(codeMail.text)?.[1];
    expect(code).toMatch(/^\d{6}$/);
    await page.getByLabel('Código').fill(code!);
    await expectSpanish(page, 'Confirmar el correo', names);
    await page.getByRole('button', { name: 'Confirmar' }).click();
    await page.getByText('¡Su cuenta está lista!').waitFor();

    // The enroll dialog comes back: a child added, then enrolled.
    const dialog = page.getByRole('dialog', { name: `Inscribir en ${cls.name}` });
    await dialog.waitFor();
    await dialog.getByRole('button', { name: 'Agregar un niño o una niña' }).click();
    await dialog.getByRole('textbox', { name: /^Nombre\s*\*?$/ }).fill('Sol');
    await dialog.getByLabel('Apellido').fill('Montaña');
    await dialog.getByLabel('Fecha de nacimiento').fill('2013-06-01');
    await dialog.getByRole('combobox', { name: 'Grado escolar' }).click();
    await page.getByRole('option', { name: '8.º grado' }).click();
    await dialog.getByRole('combobox', { name: 'Talla de camiseta' }).click();
    await page.getByRole('option', { name: 'Youth L' }).click();
    await dialog.getByLabel('Nombre del contacto').fill('Robin Montaña');
    await dialog.getByLabel('Teléfono del contacto').fill('+1 555 200 3000');
    await expectSpanish(page, 'Agregar un niño o una niña', names);
    await dialog.getByRole('button', { name: 'Agregar', exact: true }).click();
    await dialog.getByRole('button', { name: 'Inscribir a Sol' }).click();
    await dialog.getByText(`Sol quedó inscrito/a en ${cls.name}.`).waitFor();
    await expectSpanish(page, 'Inscrita', names);
    await dialog.getByRole('button', { name: 'Listo' }).click();
    const enrolledMail = await waitForMail(address, /^Inscripción confirmada: Sol/);
    expect(enrolledMail.text).not.toMatch(ENGLISH_SENTENCE);

    for (const [path, heading] of [
      ['/account/enrollments', 'Inscripciones'],
      ['/account/manage', 'Administrar cuenta'],
      ['/account/lottery', 'Solicitudes de sorteo'],
      ['/calendar/classes', 'Calendario de clases'],
    ] as const) {
      await page.goto(path);
      await page.getByRole('heading', { name: heading, level: 1 }).waitFor();
      if (path === '/account/lottery') {
        const section = page.getByRole('region', { name: new RegExp(lotterySemester.name) });
        await section.getByText(`Las solicitudes para ${lotterySemester.name} abren el`, { exact: false }).waitFor();
        await section.locator('[lang="en"]', { hasText: SEED_REASON }).waitFor();
      }
      // The calendar shows every class's meetings, and lists the classes to choose, by their names.
      await expectSpanish(page, heading, names, { namesIn: '.fc-event, .fc-list-event, fieldset label' });
    }
    // No e-mail to the family in English.
    expect((await outbox()).filter((mail) => mail.to === address && ENGLISH_SENTENCE.test(mail.subject))).toEqual([]);
    await context.close();
  },
);
