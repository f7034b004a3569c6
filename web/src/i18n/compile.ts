// npm run i18n:compile: each English catalogue (locales/en/<catalogue>.json) to the <catalogue>.ts its part of the
// portal loads, and every other language's catalogues to one messages.ts. They are checked in; a unit test fails when
// one is out of date.
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Messages } from '@lingui/core';
import { LANGUAGES } from './languages';
import { catalogueSource, cataloguesOf, compileCatalogue, LOCALES_DIR } from './catalogues';

const files: Record<string, Messages> = {};
for (const [catalogue, messages] of cataloguesOf('en'))
  files[join(LOCALES_DIR, 'en', `${catalogue}.ts`)] = compileCatalogue(messages);
for (const language of Object.keys(LANGUAGES).filter((language) => language !== 'en'))
  files[join(LOCALES_DIR, language, 'messages.ts')] = compileCatalogue(catalogueSource(language));
// Formatted before it is written, and written only when it changed: the lint that `npm run test:fast` runs beside
// the build then never reads a file half made.
for (const [file, messages] of Object.entries(files)) {
  const source = `// Compiled from the catalogues' .json by npm run i18n:compile: edit those, not this file.\nimport type { Messages } from '@lingui/core';\n\nexport const messages: Messages = ${JSON.stringify(messages)};\n`;
  const formatted = execFileSync('npx', ['biome', 'format', `--stdin-file-path=${file}`], {
    input: source,
    encoding: 'utf8',
  });
  if (!existsSync(file) || readFileSync(file, 'utf8') !== formatted) writeFileSync(file, formatted);
}
