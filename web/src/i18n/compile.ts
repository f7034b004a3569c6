// npm run i18n:compile: each language's messages.json to the messages.ts the app imports (English split by where it
// is shown: englishFileOf). They are checked in; a unit test fails when one is out of date.
import { execFileSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Messages } from '@lingui/core';
import { LANGUAGES } from './languages';
import { catalogueSource, compileCatalogue, englishFileOf, LOCALES_DIR } from './catalogues';

const files: Record<string, Messages> = {};
for (const language of Object.keys(LANGUAGES)) {
  const compiled = compileCatalogue(catalogueSource(language));
  for (const [id, message] of Object.entries(compiled)) {
    const file = join(LOCALES_DIR, language, `${language === 'en' ? englishFileOf(id) : 'messages'}.ts`);
    (files[file] ??= {})[id] = message;
  }
}
for (const [file, messages] of Object.entries(files))
  writeFileSync(
    file,
    `// Compiled from messages.json by npm run i18n:compile: edit that file, not this one.\nimport type { Messages } from '@lingui/core';\n\nexport const messages: Messages = ${JSON.stringify(messages)};\n`,
  );
execFileSync('npx', ['biome', 'format', '--write', ...Object.keys(files)], { stdio: 'inherit' });
