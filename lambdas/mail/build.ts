// `npm run build:mail`: writes the e-mail template the functions fill in, rendered from layout.tsx;
// with `--check`, fails instead when the file in the repository is not what layout.tsx renders.
import { readFileSync, writeFileSync } from 'node:fs';
import { GENERATED_LAYOUT, generatedLayout } from './generate';

const rendered = await generatedLayout();
if (process.argv.includes('--check')) {
  if (readFileSync(GENERATED_LAYOUT, 'utf8') !== rendered) {
    console.error(`${GENERATED_LAYOUT} is not what lambdas/mail/layout.tsx renders: run npm run build:mail.`);
    process.exit(1);
  }
} else {
  writeFileSync(GENERATED_LAYOUT, rendered);
  console.log(`wrote ${GENERATED_LAYOUT}`);
}
