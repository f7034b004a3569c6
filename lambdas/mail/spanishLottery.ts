// The e-mail with a family's lottery results in Spanish (issue 34): the same facts as lotteryNotice.ts's, written
// for a family ("sorteo", "lugar", "lista de espera").
import { link, list, paragraph, strong, type MailContent, type Span } from '../contract/mail/mailBlocks';
import type { MailSite } from '../contract/mail/announcement';
import type { AccountLanguage } from '../contract/languages';
import { type ChildResult, type LotteryNotice, lotteryNoticeContent } from './lotteryNotice';
import { contactLineEs, momentTextEs } from './spanishWords';
import { messageIn } from '../platform/errorLanguage';

type ZonedSite = MailSite & { timeZone: string };

const lotteryNotices: Record<AccountLanguage, (notice: LotteryNotice, site: ZonedSite) => MailContent> = {
  en: lotteryNoticeContent,
  es: spanishLotteryNotice,
};

/** A family's lottery results in the reader's language. */
export const lotteryNoticeIn = (language: AccountLanguage, notice: LotteryNotice, site: ZonedSite) =>
  lotteryNotices[language](notice, site);

const ranks = ['primera', 'segunda', 'tercera', 'cuarta', 'quinta'];
const rankText = (rank?: number) => (rank ? `${ranks[rank - 1] ?? `n.º ${rank}`} opción` : 'una de sus opciones');

function childLine(child: ChildResult): Span[] {
  const what = child.choiceName ?? 'la clase';
  const text =
    child.outcome === 'enrolled'
      ? `: un lugar en ${what} (${rankText(child.rank)}).`
      : child.outcome === 'waitlisted'
        ? `: en la lista de espera de ${what} (${rankText(child.rank)})${child.place ? `, con el número ${child.place}` : ''}. ` +
          'Cuando llegó su turno, ninguna de sus opciones tenía lugares libres; cada lugar que se libere pasa al siguiente de la lista.'
        : child.reason
          ? `: sin lugar. ${messageIn('es', child.reason)}`
          : `: sin lugar. Ninguna de las clases que pidió admite niños del grado de ${child.firstName}.`;
  return [strong(child.firstName), { text }];
}

function spanishLotteryNotice(notice: LotteryNotice, site: ZonedSite): MailContent {
  const resultsUrl = `${site.siteUrl}/account/lottery`;
  return {
    subject: `Resultados del sorteo de ${notice.semesterName}`,
    blocks: [
      paragraph(`Ya se publicó el sorteo de ${notice.semesterName}. Esto es lo que obtuvo cada uno de sus hijos:`),
      list(notice.children.map(childLine)),
      paragraph(
        `Los lugares que queden después del sorteo se abren a todas las familias, por orden de llegada, el ${momentTextEs(notice.seatsOpen, site.timeZone)}.`,
      ),
      { button: { label: 'Ver sus resultados', url: resultsUrl } },
      paragraph(
        `La semilla del sorteo es ${notice.seed}. Con ella, cualquier persona puede repetir el sorteo y comprobar el resultado: `,
        link('cómo funciona el sorteo', resultsUrl),
        '.',
      ),
      contactLineEs(site, '¿Preguntas?'),
    ],
    why: `Recibe este correo porque pidió lugares en el sorteo de ${notice.semesterName} en el portal de ${site.programme}.`,
  };
}
