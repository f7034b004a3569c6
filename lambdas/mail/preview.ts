// `npm run preview:mail [dir]`: writes every e-mail of the portal, filled in with a sample family, as HTML
// and plain text (default dir: .local/mail-preview) to open in a browser.
import { mkdirSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { renderMail } from '../contract/mail/mailRender';
import { sampleMails, sampleSite } from './samples';

const dir = resolve(process.argv[2] ?? '.local/mail-preview');
mkdirSync(dir, { recursive: true });
for (const [name, content] of Object.entries(sampleMails())) {
  const mail = renderMail(content, sampleSite);
  writeFileSync(join(dir, `${name}.html`), mail.html);
  writeFileSync(join(dir, `${name}.txt`), `Subject: ${mail.subject}\n\n${mail.text}`);
}
console.log(`wrote the sample e-mails to ${dir}`);
