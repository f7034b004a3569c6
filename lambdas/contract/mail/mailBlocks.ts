// The content of every e-mail of the portal: a list of blocks (a heading, a paragraph, a list, a class's
// details, a button, small print), which mailRender.ts puts in the programme's frame as HTML and text.

/** A run of text: plain, strong, or a link (an http(s) or mailto address). */
export interface Span {
  text: string;
  strong?: true;
  href?: string;
}

export type MailBlock =
  | { heading: string }
  | { paragraph: { spans: Span[] } }
  | { list: { items: Array<{ spans: Span[] }> } }
  /** A class's details: rows of a label and one or more lines. */
  | { details: { title: string; rows: Array<{ label: string; lines: string[] }> } }
  | { button: { label: string; url: string } }
  /** Small print. */
  | { note: string };

export interface MailContent {
  subject: string;
  blocks: MailBlock[];
  /** The line an inbox shows after the subject (default: the first paragraph). */
  preview?: string;
  /** Why this family gets this e-mail, in the footer. */
  why?: string;
  /** For optional e-mails: where the family switches them off. */
  preferencesUrl?: string;
}

/** The programme's frame around every e-mail. */
export interface MailFrame {
  programme: string;
  logoUrl: string;
  contactEmail?: string;
}

export const paragraph = (...parts: Array<string | Span>): MailBlock => ({
  paragraph: { spans: parts.map((part) => (typeof part === 'string' ? { text: part } : part)) },
});
export const strong = (text: string): Span => ({ text, strong: true });
export const link = (text: string, href: string): Span => ({ text, href });
export const list = (items: Array<string | Span[]>): MailBlock => ({
  list: { items: items.map((item) => ({ spans: typeof item === 'string' ? [{ text: item }] : item })) },
});

/**
 * An administrator's message, written as simple formatted text: paragraphs apart by a blank line, lines
 * starting with "- " or "* " as a list, **strong** text, and web addresses as links.
 */
export function formattedText(text: string): MailBlock[] {
  const blocks: MailBlock[] = [];
  for (const chunk of text.replace(/\r\n/g, '\n').split(/\n\s*\n/)) {
    const lines = chunk.split('\n').filter((line) => line.trim() !== '');
    let prose: string[] = [];
    let items: string[] = [];
    const flush = () => {
      if (prose.length) blocks.push({ paragraph: { spans: inlineSpans(prose.join(' ')) } });
      if (items.length) blocks.push({ list: { items: items.map((item) => ({ spans: inlineSpans(item) })) } });
      prose = [];
      items = [];
    };
    for (const line of lines) {
      const item = /^\s*[-*]\s+(.*)$/.exec(line);
      if (item) {
        if (prose.length) flush();
        items.push(item[1]!.trim());
      } else {
        if (items.length) flush();
        prose.push(line.trim());
      }
    }
    flush();
  }
  return blocks;
}

const webAddress = /https?:\/\/[^\s<>"]+[^\s<>".,;:!?)\]]/g;

/** Strong runs (**…**) and web addresses of one line. */
function inlineSpans(line: string): Span[] {
  const spans: Span[] = [];
  for (const part of line.split(/(\*\*[^*]+\*\*)/)) {
    if (!part) continue;
    const bold = /^\*\*([^*]+)\*\*$/.exec(part);
    if (bold) {
      spans.push(strong(bold[1]!));
      continue;
    }
    let last = 0;
    for (const match of part.matchAll(webAddress)) {
      if (match.index > last) spans.push({ text: part.slice(last, match.index) });
      spans.push(link(match[0], match[0]));
      last = match.index + match[0].length;
    }
    if (last < part.length) spans.push({ text: part.slice(last) });
  }
  return spans;
}
