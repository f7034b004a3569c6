// The e-mails about a class and the administrators' announcements in Spanish (issue 34): a class closed, changed
// (its changes written in Spanish when the change is saved, beside the English: classChangesEs), a meeting
// cancelled, and the portal's own words around an announcement (the administrator's Spanish where given, else their
// English, said to be in English).
import type { Class, Meeting } from '../contract/records';
import type { ClassNoticeKind, MessageChild } from '../contract/mailRecords';
import { formattedText, list, paragraph, strong, type MailContent } from '../contract/mail/mailBlocks';
import type { MailSite } from '../contract/mail/announcement';
import {
  andListEs,
  classDetailsEs,
  contactLineEs,
  enrollmentsButtonEs,
  hoursEs,
  meetingTextEs,
  shortDayEs,
} from './spanishWords';
import { meetingChanges } from './notices';

type ZonedSite = MailSite & { timeZone: string };

/**
 * Where the children are, as the e-mail's why says it, from the English phrase the portal wrote on the message
 * (messages.ts's audienceOf: "in Ice Climbing", "on the waitlist for Ice Climbing", "enrolled in Winter 2027").
 */
export function whereEs(where: string): string {
  const waitlist = /^on the waitlist for (.+)$/.exec(where);
  if (waitlist) return `en la lista de espera de ${waitlist[1]}`;
  const semester = /^enrolled in (.+)$/.exec(where);
  if (semester) return `en la temporada ${semester[1]}`;
  const place = /^in (.+)$/.exec(where);
  return place ? `en ${place[1]}` : where;
}

/** "Recibe este correo porque Ana y Beto están en Ice Climbing (Mountain School Programme)." */
function whyForEs(children: MessageChild[], where: string, site: MailSite): string {
  const names = [...new Set(children.map((child) => child.name))];
  return `Recibe este correo porque ${andListEs(names)} ${names.length > 1 ? 'están' : 'está'} ${where} (${site.programme}).`;
}

/** "Ana conserva su lugar; Beto sigue en la lista de espera con el número 2." */
function childrenStandingEs(children: MessageChild[]): string {
  return `${children
    .map((child) =>
      child.status === 'enrolled'
        ? `${child.name} conserva su lugar`
        : `${child.name} sigue en la lista de espera${child.waitlistPosition ? ` con el número ${child.waitlistPosition}` : ''}`,
    )
    .join('; ')}.`;
}

/**
 * What changed about a class, line by line in Spanish (notices.ts's classChanges in English): its place, and
 * meetings added, dropped or moved in time, on the clock of `timeZone`.
 */
export function classChangesEs(
  before: Pick<Class, 'meetings' | 'location'>,
  after: Pick<Class, 'meetings' | 'location'>,
  timeZone: string,
): string[] {
  const changes: string[] = [];
  if (before.location !== after.location)
    changes.push(
      after.location
        ? `El lugar ahora es ${after.location}${before.location ? ` (antes era ${before.location})` : ''}.`
        : `El lugar (${before.location}) ya no está fijado: se anunciará.`,
    );
  for (const change of meetingChanges(before.meetings, after.meetings))
    changes.push(
      change.kind === 'moved'
        ? `${meetingTextEs(change.to, timeZone)} (antes era de ${hoursEs(change.from)}).`
        : change.kind === 'dropped'
          ? `No hay sesión el ${meetingTextEs(change.meeting, timeZone)}.`
          : `Sesión nueva: ${meetingTextEs(change.meeting, timeZone)}.`,
    );
  return changes;
}

export interface ClassNoticeEs {
  cls: Class;
  children: MessageChild[];
  /** A class changed: what changed, in Spanish. */
  changes?: string[];
  meeting?: Meeting;
  note?: string;
}

/** A class closed, changed, or a meeting cancelled, in Spanish. */
export function spanishClassNotice(kind: ClassNoticeKind, facts: ClassNoticeEs, site: ZonedSite): MailContent {
  const { cls, children } = facts;
  const why = whyForEs(children, `en ${cls.name}`, site);
  if (kind === 'classChanged')
    return {
      subject: `Cambios en ${cls.name}`,
      why,
      blocks: [
        { heading: `La clase ${cls.name} cambió` },
        paragraph(
          'El programa cambió la clase ',
          strong(cls.name),
          ' después de su inscripción. Esto es lo que cambió:',
        ),
        list(facts.changes ?? []),
        classDetailsEs(cls, site.timeZone),
        contactLineEs(site, '¿El cambio no le viene bien?'),
        enrollmentsButtonEs(site),
      ],
    };
  if (kind === 'classClosed')
    return {
      subject: `Clase cerrada: ${cls.name}`,
      why,
      blocks: [
        { heading: `Se cerró la clase ${cls.name}` },
        paragraph(
          'El programa cerró la clase ',
          strong(cls.name),
          ': ya no admite inscripciones nuevas y su lista de espera ya no avanza. ',
          childrenStandingEs(children),
        ),
        contactLineEs(site, '¿Qué significa esto para su familia?'),
        enrollmentsButtonEs(site),
      ],
    };
  const day = facts.meeting ? `el ${shortDayEs(facts.meeting.date)}` : 'un día';
  return {
    subject: `Sesión cancelada ${day}: ${cls.name}`,
    why,
    blocks: [
      { heading: `${cls.name} no tiene sesión ${day}` },
      paragraph(
        'El programa canceló la sesión de ',
        strong(cls.name),
        facts.meeting ? ` del ${meetingTextEs(facts.meeting, site.timeZone)}.` : ' de ese día.',
      ),
      ...(facts.note ? [paragraph(facts.note)] : []),
      paragraph('Las demás sesiones siguen igual.'),
      classDetailsEs(cls, site.timeZone),
      contactLineEs(site, '¿Preguntas?'),
      enrollmentsButtonEs(site),
    ],
  };
}

/**
 * An administrator's announcement with the portal's words in Spanish: the administrator's Spanish where given (`es`),
 * else the English as written, said to be in English.
 */
export function spanishAnnouncement(
  facts: {
    subject: string;
    text: string;
    children: MessageChild[];
    where: string;
    es?: { subject?: string; text?: string };
  },
  site: MailSite,
): MailContent {
  const text = facts.es?.text;
  return {
    subject: facts.es?.subject ?? facts.subject,
    blocks: [
      ...(text ? formattedText(text) : [paragraph('(Mensaje en inglés)'), ...formattedText(facts.text)]),
      contactLineEs(site, '¿Preguntas?'),
    ],
    why: whyForEs(facts.children, whereEs(facts.where), site),
    preferencesUrl: `${site.siteUrl}/account/manage`,
  };
}
