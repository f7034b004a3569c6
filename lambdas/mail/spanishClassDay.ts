// The class day's e-mails to families in Spanish (issue 34): an absence report confirmed and a child checked out,
// the same facts as classDayNotices.ts's. The office's alarm and the invitation to teach stay English: the first
// goes to the programme's contact, the second to an address with no account (and so no language) yet.
import { paragraph, strong, type MailContent } from '../contract/mail/mailBlocks';
import type { MailSite } from '../contract/mail/announcement';
import type { AbsenceNotice, CheckOutNotice } from './classDayNotices';
import { contactLineEs, dateLabelEs, enrollmentsButtonEs, meetingTextEs, momentTextEs } from './spanishWords';

type ZonedSite = MailSite & { timeZone: string };

export function spanishAbsence(notice: AbsenceNotice, site: ZonedSite): MailContent {
  const when = notice.meeting ? meetingTextEs(notice.meeting, site.timeZone) : dateLabelEs(notice.date);
  return {
    subject: `Ausencia registrada: ${notice.studentName}, ${notice.className} el ${dateLabelEs(notice.date)}`,
    blocks: [
      { heading: 'Los instructores ya lo saben' },
      paragraph(
        strong(notice.studentName),
        ' faltará a ',
        strong(notice.className),
        ` el ${when}. Los instructores de la clase lo ven en su lista de ese día, con su nota:`,
      ),
      paragraph(`“${notice.note}”`),
      paragraph(
        '¿Cambiaron los planes? Vuelva a avisar desde sus inscripciones con una nota nueva: los instructores ven la más reciente.',
      ),
      contactLineEs(site, '¿Preguntas?'),
      enrollmentsButtonEs(site),
    ],
    why: `Recibe este correo porque un tutor o tutora de ${notice.studentName} avisó de una ausencia en el portal de ${site.programme}.`,
  };
}

export function spanishCheckOut(notice: CheckOutNotice, site: ZonedSite): MailContent {
  const { studentName, className, pickedUpBy } = notice;
  return {
    subject: `${notice.flagged ? 'Salida con una persona que no está en la lista' : 'Salida registrada'}: ${studentName} de ${className}`,
    blocks: [
      paragraph(
        strong(studentName),
        ' salió de ',
        strong(className),
        ` el ${momentTextEs(notice.at, site.timeZone)}, con `,
        strong(pickedUpBy),
        '.',
      ),
      ...(notice.flagged
        ? [
            paragraph(
              `${pickedUpBy} no está en la lista de personas que pueden recoger a ${studentName}. El instructor dio este motivo: “${notice.reason ?? ''}”. `,
              'La oficina ya está avisada. Si usted no lo esperaba, llame a la oficina ahora.',
            ),
            contactLineEs(site, '¿Preguntas?'),
          ]
        : [
            paragraph('Puede desactivar estos correos, o volver a activarlos, en Administrar cuenta.'),
            contactLineEs(site, '¿No era la persona que esperaba?'),
          ]),
    ],
    why: `Recibe este correo porque ${studentName} tiene un lugar en ${className} en el portal de ${site.programme}.`,
  };
}
