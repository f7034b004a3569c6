// The local outbox: every e-mail the portal or the user pool would have sent, newest last, kept in the
// data dir so it outlives a restart.
import { appendFileSync, existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

export interface OutboxMessage {
  to: string;
  subject: string;
  text: string;
  html?: string;
  at: string;
}

export class Outbox {
  private readonly file: string | undefined;
  readonly messages: OutboxMessage[] = [];

  constructor(dataDir: string | undefined) {
    this.file = dataDir && join(dataDir, 'outbox.jsonl');
    if (this.file && existsSync(this.file)) {
      for (const line of readFileSync(this.file, 'utf8').split('\n'))
        if (line.trim()) this.messages.push(JSON.parse(line) as OutboxMessage);
    }
  }

  add(message: Omit<OutboxMessage, 'at'>): OutboxMessage {
    const stored = { ...message, at: new Date().toISOString() };
    this.messages.push(stored);
    if (this.file) appendFileSync(this.file, `${JSON.stringify(stored)}\n`);
    return stored;
  }
}

/** A readable text version of an HTML e-mail: links keep their address, paragraphs their breaks. */
export function htmlToText(html: string): string {
  return html
    .replace(/<a\s[^>]*href="([^"]*)"[^>]*>(.*?)<\/a>/gis, (_m, href: string, label: string) =>
      label.trim() === href ? href : `${label} (${href})`,
    )
    .replace(/<br\s*\/?>/gi, '\n')
    .replace(/<\/(p|div|h\d|li|tr)>/gi, '\n')
    .replace(/<[^>]+>/g, '')
    .replace(/&#(\d+);/g, (_m, code: string) => String.fromCharCode(Number(code)))
    .replace(/&#x([0-9a-f]+);/gi, (_m, code: string) => String.fromCharCode(Number.parseInt(code, 16)))
    .replace(/&amp;/g, '&')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}
