// npm run i18n:compile: each English catalogue (locales/en/<catalogue>.json) to the <catalogue>.ts its part of the
// portal loads, and every other language's catalogues to one messages.ts. They are checked in; a unit test fails when
// one is out of date.
import { execFileSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Messages } from '@lingui/core';
import { LANGUAGES } from './languages';
import { catalogueSource, cataloguesOf, compileCatalogue, LOCALES_DIR } from './catalogues';

const files: Record<string, Messages> = {};
for (const [catalogue, messages] of cataloguesOf('en'))
  files[join(LOCALES_DIR, 'en', `${catalogue}.ts`)] = compileCatalogue(messages);
for (const language of Object.keys(LANGUAGES).filter((language) => language !== 'en'))
  files[join(LOCALES_DIR, language, 'messages.ts')] = compileCatalogue(catalogueSource(language));
for (const [file, messages] of Object.entries(files))
  writeFileSync(
    file,
    `// Compiled from the catalogues' .json by npm run i18n:compile: edit those, not this file.\nimport type { Messages } from '@lingui/core';\n\nexport const messages: Messages = ${JSON.stringify(messages)};\n`,
  );
execFileSync('npx', ['biome', 'format', '--write', ...Object.keys(files)], { stdio: 'inherit' });
