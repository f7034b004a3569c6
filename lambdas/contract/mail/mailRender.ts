// Every e-mail of the portal is a list of blocks in one branded frame: the HTML part is the React Email
// layout (rendered at build time, lambdas/mail/layout.tsx) filled in by Mustache, which escapes every value;
// the plain-text part is written from the same blocks.
import Mustache from 'mustache';
import type { MailBlock, MailContent, MailFrame, Span } from './mailBlocks';
import { MAIL_LAYOUT } from './mailLayout.generated';

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

export function renderMail(content: MailContent, frame: MailFrame): RenderedMail {
  const firstParagraph = content.blocks.find((block) => 'paragraph' in block);
  const preview = content.preview ?? (firstParagraph ? blockText(firstParagraph) : content.subject);
  const html = Mustache.render(MAIL_LAYOUT, {
    ...frame,
    subject: content.subject,
    preview,
    blocks: content.blocks,
    why: content.why,
    preferencesUrl: content.preferencesUrl,
  });
  const footer = [
    `${frame.programme}${frame.contactEmail ? ` · Questions? Write to ${frame.contactEmail}` : ''}`,
    ...(content.why ? [content.why] : []),
    ...(content.preferencesUrl ? [`Choose which e-mails you get: ${content.preferencesUrl}`] : []),
  ];
  const text = [...content.blocks.map(blockText), '--', footer.join('\n')].join('\n\n');
  return { subject: content.subject, html, text: `${text}\n` };
}
