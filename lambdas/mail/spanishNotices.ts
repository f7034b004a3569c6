// The e-mails about a child's enrollment in Spanish (issue 34), written for a family, not word for word: the
// same facts in (notices.ts's StudentNotice), the same blocks out. Pure, like the English.
import { list, paragraph, strong, type MailBlock, type MailContent } from '../contract/mail/mailBlocks';
import type { MailSite } from '../contract/mail/announcement';
import type { AccountLanguage } from '../contract/languages';
import { type InvitationNotice, studentNoticeContent, type StudentNotice } from './notices';
import {
  andListEs,
  classDetailsEs,
  contactLineEs,
  countEs,
  longDateEs,
  enrollmentsButtonEs,
  meetingTextEs,
  momentTextEs,
  myEnrollmentsEs,
  registrationEs,
  shortDayEs,
} from './spanishWords';

type ZonedSite = MailSite & { timeZone: string };

/** Each language's writer of a child's enrollment e-mail: the same facts, the same kinds, every language. */
const studentNotices: Record<AccountLanguage, (notice: StudentNotice, site: ZonedSite) => MailContent> = {
  en: studentNoticeContent,
  es: spanishStudentNotice,
};

/** A child's enrollment e-mail in the reader's language. */
export const studentNoticeIn = (language: AccountLanguage, notice: StudentNotice, site: ZonedSite) =>
  studentNotices[language](notice, site);

/** "Escalada en hielo", "Escalada en hielo y Esquí", or the group's name. */
const whatOf = (notice: StudentNotice) => notice.groupName ?? andListEs(notice.classes.map(({ cls }) => cls.name));

const questions = (site: ZonedSite) => contactLineEs(site, '¿Preguntas?');

function spanishStudentNotice(notice: StudentNotice, site: ZonedSite): MailContent {
  const child = notice.studentName;
  const what = whatOf(notice);
  const first = notice.classes[0];
  const position = notice.classes.length === 1 && first?.waitlistPosition;
  const details = notice.classes.map(({ cls, waitlistPosition }) =>
    classDetailsEs(cls, site.timeZone, waitlistPosition),
  );
  const why = `Recibe este correo porque inscribió a ${child} en ${site.programme}.`;
  const cancelLater = `Si al final ${child} no puede asistir, cancele la inscripción en Mis inscripciones para que el lugar pase a un niño o niña de la lista de espera.`;
  const cancelOnline = paragraph(
    `Si ${child} ya no puede asistir, cancele la inscripción en `,
    myEnrollmentsEs(site),
    ' para que el lugar pase al siguiente niño o niña en espera.',
  );
  switch (notice.kind) {
    case 'enrolled':
      return {
        subject: `Inscripción confirmada: ${child} en ${what}`,
        why,
        blocks: [
          { heading: `${child} ya tiene su lugar en ${what}` },
          paragraph(`Buenas noticias: ${child} tiene un lugar en `, strong(what), '.'),
          ...details,
          { heading: 'Qué hacer ahora' },
          list([
            'Anote las fechas en su calendario.',
            'Revise qué hay que traer antes de la primera sesión.',
            cancelLater,
          ]),
          enrollmentsButtonEs(site),
          questions(site),
        ],
      };
    case 'waitlisted':
      return {
        subject: `En lista de espera: ${child} para ${what}${position ? ` (número ${position})` : ''}`,
        why,
        blocks: [
          { heading: `${child} está en la lista de espera de ${what}` },
          paragraph(
            `No quedan lugares en ${what}, así que ${child} está en la lista de espera`,
            ...(position ? [' con el ', strong(`número ${position}`)] : []),
            ...(notice.offerHours
              ? [
                  `. Cuando se libere un lugar para ${child}, se lo reservamos y le escribimos enseguida: acéptelo en Mis inscripciones `,
                  `en un plazo de ${countEs(notice.offerHours, 'hora', 'horas')}; si no, pasa al siguiente niño o niña en espera.`,
                ]
              : [
                  `. Cuando se libere un lugar, ${notice.fromClassName ? 'cambiaremos' : 'inscribiremos'} a `,
                  `${child} automáticamente y le escribiremos enseguida: no tiene que hacer nada más.`,
                ]),
          ),
          ...(notice.fromClassName
            ? [
                paragraph(
                  `Como usted lo pidió, ${child} conserva su lugar en `,
                  strong(notice.fromClassName),
                  ` hasta que tenga lugar en ${what}; entonces ${child} se cambia, y el lugar en ${notice.fromClassName} pasa al siguiente niño o niña en espera allí.`,
                ),
              ]
            : []),
          ...details,
          cancelOnline,
          enrollmentsButtonEs(site),
          questions(site),
        ],
      };
    case 'promoted':
      return {
        subject: `Se liberó un lugar: ${child} tiene lugar en ${what}`,
        why,
        blocks: [
          { heading: `Se liberó un lugar para ${child}` },
          paragraph(`${child} salió de la lista de espera y ya tiene `, strong(`un lugar en ${what}`), '.'),
          ...details,
          cancelOnline,
          enrollmentsButtonEs(site),
          questions(site),
        ],
      };
    case 'cancelled':
      return {
        subject: `Inscripción cancelada: ${child} en ${what}`,
        why,
        blocks: [
          { heading: `Se canceló la inscripción de ${child} en ${what}` },
          paragraph(
            `Como usted lo pidió, ${child} ya no tiene lugar en ${what} ni está en su lista de espera. `,
            'El lugar pasa al siguiente niño o niña en espera.',
          ),
          paragraph(
            '¿Cambió de opinión? Puede volver a inscribirse en ',
            registrationEs(site),
            ' mientras queden lugares.',
          ),
          questions(site),
        ],
      };
    case 'offered': {
      const deadline = momentTextEs(notice.offerExpiresAt ?? new Date().toISOString(), site.timeZone);
      return {
        subject: `Oferta de lugar: ${child} en ${what}, hasta el ${deadline}`,
        why,
        blocks: [
          { heading: `Se liberó un lugar para ${child}: acéptelo antes del ${deadline}` },
          paragraph(
            'Reservamos para ',
            `${child} un lugar en `,
            strong(what),
            ' hasta el ',
            strong(deadline),
            '. Acéptelo en Mis inscripciones para completar la inscripción. Si no responde a tiempo, o si lo rechaza, ',
            'el lugar se ofrece al siguiente niño o niña en espera, y ',
            `${child} sale de la lista de espera.`,
          ),
          ...details,
          { button: { label: 'Aceptar o rechazar el lugar', url: `${site.siteUrl}/account/enrollments` } },
          paragraph(
            '¿Ya no le interesa? Rechácelo en ',
            myEnrollmentsEs(site),
            ' para que el siguiente niño o niña reciba el lugar antes.',
          ),
          questions(site),
        ],
      };
    }
    case 'offerLapsed':
      return {
        subject: `Oferta vencida: ${child} en ${what}`,
        why,
        blocks: [
          { heading: `Venció la oferta de lugar para ${child} en ${what}` },
          paragraph(
            `El lugar reservado para ${child} en `,
            strong(what),
            ' no se aceptó a tiempo, así que se ofrece al siguiente niño o niña en espera, y ',
            `${child} salió de la lista de espera.`,
          ),
          paragraph(
            '¿Le sigue interesando? Vuelva a inscribirse en ',
            registrationEs(site),
            ': si la clase no tiene lugares, quedará al final de su lista de espera.',
          ),
          questions(site),
        ],
      };
    case 'cancelledByAdmin':
      return {
        subject: `Cancelada por el programa: inscripción de ${child} en ${what}`,
        why,
        blocks: [
          { heading: `Se canceló la inscripción de ${child} en ${what}` },
          paragraph(
            `Los administradores del programa cancelaron la inscripción de ${child} en `,
            strong(what),
            `. ${child} ya no tiene lugar allí ni está en la lista de espera.`,
          ),
          contactLineEs(site, '¿No lo esperaba, o quiere saber el motivo?'),
          enrollmentsButtonEs(site),
        ],
      };
    case 'reminder': {
      const firstMeeting = first?.cls.meetings
        .filter((m) => !m.cancelled)
        .sort((a, b) => a.date.localeCompare(b.date))[0];
      return {
        subject: `Recordatorio: ${what} empieza ${firstMeeting ? `el ${shortDayEs(firstMeeting.date)}` : 'pronto'}`,
        why,
        preferencesUrl: `${site.siteUrl}/account/manage`,
        blocks: [
          { heading: `${child} empieza pronto ${what}` },
          paragraph(
            'Un recordatorio: la primera sesión de ',
            strong(what),
            firstMeeting ? ` es el ${meetingTextEs(firstMeeting, site.timeZone)}.` : ' es pronto.',
          ),
          ...details,
          { heading: 'Antes de la primera sesión' },
          list([
            ...(notice.classes.some(({ cls }) => cls.es?.whatToBring ?? cls.whatToBring)
              ? ['Prepare lo que hay que traer: está en los datos de la clase, más arriba.']
              : []),
            'Planee cómo llegar y volver, y llegue unos minutos antes.',
            cancelLater,
          ]),
          enrollmentsButtonEs(site),
          questions(site),
        ],
      };
    }
    case 'moved':
    case 'movedAsAsked': {
      const from = notice.fromClassName ?? 'la clase';
      const moves: MailBlock = paragraph(
        notice.kind === 'moved'
          ? `El programa cambió a ${child} de ${from} a `
          : `Como usted lo pidió, ${child} pasó de ${from} a `,
        strong(what),
        position
          ? `. No quedan lugares en ${what}, así que ${child} está en su lista de espera con el número ${position}; le escribiremos en cuanto se libere un lugar.`
          : `. ${child} ya tiene su lugar en ${what}.`,
      );
      return {
        subject: `Cambio de clase: ${child} de ${from} a ${what}`,
        why,
        blocks: [
          { heading: `${child} pasó de ${from} a ${what}` },
          moves,
          paragraph(`${child} ya no tiene lugar en ${from}.`),
          ...details,
          contactLineEs(site, '¿Preguntas sobre el cambio?'),
          enrollmentsButtonEs(site),
        ],
      };
    }
  }
}

/** The invitation to be a guardian, in Spanish: who invites, the family's name as they gave it, never its children. */
export function spanishInvitation(notice: InvitationNotice, site: MailSite): MailContent {
  return {
    subject: `${notice.invitedByEmail} le invita a ser tutor/a en ${site.programme}`,
    blocks: [
      paragraph(
        strong(notice.invitedByEmail),
        ' le invita a ser tutor/a de ',
        notice.familyName ? strong(notice.familyName) : 'su familia',
        ` en el portal de inscripciones de ${site.programme}. Al aceptar, verá y administrará a los niños de la familia `,
        'igual que quien le invita, podrá inscribirlos en clases y recibirá los correos de la familia (usted elige cuáles en Administrar cuenta).',
      ),
      { button: { label: 'Aceptar la invitación', url: notice.acceptUrl } },
      paragraph(
        'Para aceptarla, inicie sesión con esta dirección de correo (o cree una cuenta con ella). La invitación se puede aceptar ',
        `una sola vez, hasta el ${longDateEs(notice.expiresOn)}.`,
      ),
      contactLineEs(site, '¿No esperaba esta invitación? Puede ignorarla: no cambia nada.'),
    ],
    why: `Recibe este correo porque ${notice.invitedByEmail} invitó a esta dirección en el portal de ${site.programme}.`,
  };
}
