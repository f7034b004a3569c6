// npm run i18n:compile: each catalogue of each language (locales/<language>/<catalogue>.json) to the <catalogue>.ts
// beside it, and the loaders of the languages other than English (locales/loaders.ts): English travels with the code
// that shows it, every other language's catalogue is a chunk of its own, loaded with its part of the portal once the
// language is chosen. They are checked in; a unit test fails when one is out of date.
import { execFile } from 'node:child_process';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { LANGUAGES } from './languages';
import { cataloguesOf, compileCatalogue, LOCALES_DIR } from './catalogues';

const HEADER = "// Compiled from the catalogues' .json by npm run i18n:compile: edit those, not this file.\n";

const files: Record<string, string> = {};
for (const language of Object.keys(LANGUAGES))
  for (const [catalogue, messages] of cataloguesOf(language))
    files[join(LOCALES_DIR, language, `${catalogue}.ts`)] =
      `${HEADER}import type { Messages } from '@lingui/core';\n\nexport const messages: Messages = ${JSON.stringify(compileCatalogue(messages))};\n`;

const loaders = Object.keys(LANGUAGES)
  .filter((language) => language !== 'en')
  .map(
    (language) =>
      `${language}: {${[...cataloguesOf(language).keys()].map((catalogue) => `${catalogue}: () => import('./${language}/${catalogue}')`).join(',')}},`,
  );
files[join(LOCALES_DIR, 'loaders.ts')] =
  `${HEADER}import type { Messages } from '@lingui/core';\n\n/** Each catalogue of each language but English, a chunk of its own. */\nexport const loaders: Record<string, Record<string, () => Promise<{ messages: Messages }>>> = {${loaders.join('')}};\n`;

// Formatted before it is written (side by side: a process each), and written only when it changed: the lint that
// `npm run test:fast` runs beside the build then never reads a file half made.
await Promise.all(
  Object.entries(files).map(async ([file, source]) => {
    const formatting = promisify(execFile)('npx', ['biome', 'format', `--stdin-file-path=${file}`], {
      encoding: 'utf8',
    });
    formatting.child.stdin?.end(source);
    const { stdout: formatted } = await formatting;
    if (!existsSync(file) || readFileSync(file, 'utf8') !== formatted) writeFileSync(file, formatted);
  }),
);
