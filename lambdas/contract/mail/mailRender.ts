// Every e-mail of the portal is a list of blocks in one branded frame: the HTML part is the React Email
// layout (rendered at build time, lambdas/mail/layout.tsx) filled in by Mustache, which escapes every value;
// the plain-text part is written from the same blocks.
import Mustache from 'mustache';
import type { MailBlock, MailContent, MailFrame, Span } from './mailBlocks';
import { MAIL_LAYOUT } from './mailLayout.generated';
import type { AccountLanguage } from '../languages';

export interface RenderedMail {
  subject: string;
  html: string;
  text: string;
}

const spansText = (spans: Span[]) =>
  spans
    .map((span) =>
      span.href && span.href !== span.text && span.href !== `mailto:${span.text}`
        ? `${span.text} (${span.href})`
        : span.text,
    )
    .join('');

function blockText(block: MailBlock): string {
  if ('heading' in block) return block.heading;
  if ('paragraph' in block) return spansText(block.paragraph.spans);
  if ('list' in block) return block.list.items.map((item) => `- ${spansText(item.spans)}`).join('\n');
  if ('details' in block)
    return [
      block.details.title,
      ...block.details.rows.map(({ label, lines }) =>
        lines.length === 1
          ? `  ${label}: ${lines[0]}`
          : [`  ${label}:`, ...lines.map((line) => `    ${line}`)].join('\n'),
      ),
    ].join('\n');
  if ('button' in block) return `${block.button.label}: ${block.button.url}`;
  return block.note;
}

/** The frame's own words in each language: the contact's line and the link to the e-mail choices. */
const FRAME_WORDS: Record<AccountLanguage, { questions: string; preferencesLabel: string }> = {
  en: { questions: 'Questions? Write to', preferencesLabel: 'Choose which e-mails you get' },
  es: { questions: '¿Preguntas? Escríbanos a', preferencesLabel: 'Elija qué correos recibe' },
};

/** The e-mail in its frame, the frame's words and the page's `lang` in the reader's language. */
export function renderMail(content: MailContent, frame: MailFrame, language: AccountLanguage = 'en'): RenderedMail {
  const words = FRAME_WORDS[language];
  const firstParagraph = content.blocks.find((block) => 'paragraph' in block);
  const preview = content.preview ?? (firstParagraph ? blockText(firstParagraph) : content.subject);
  const html = Mustache.render(MAIL_LAYOUT, {
    ...frame,
    lang: language,
    questions: ` · ${words.questions} `,
    preferencesLabel: words.preferencesLabel,
    subject: content.subject,
    preview,
    blocks: content.blocks,
    why: content.why,
    preferencesUrl: content.preferencesUrl,
  });
  const footer = [
    `${frame.programme}${frame.contactEmail ? ` · ${words.questions} ${frame.contactEmail}` : ''}`,
    ...(content.why ? [content.why] : []),
    ...(content.preferencesUrl ? [`${words.preferencesLabel}: ${content.preferencesUrl}`] : []),
  ];
  const text = [...content.blocks.map(blockText), '--', footer.join('\n')].join('\n\n');
  return { subject: content.subject, html, text: `${text}\n` };
}
