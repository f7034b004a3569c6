// `npm run capacity -- [--families N] [--classes N] [--mail-rate N] [--fair-start MINUTES]`: what registration day
// asks of AWS at that size, opening first come first served or with a fair start, and the quotas to request before
// a deploy (infra/capacity-report.ts). Deploy with the same
// `-c families=N -c classes=N` so the stack's throttles and warm throughput follow the same plan.
import { parseArgs } from 'node:util';
import { registrationDay } from './capacity';
import { capacityReport } from './capacity-report';

const { values } = parseArgs({
  options: {
    families: { type: 'string' },
    classes: { type: 'string' },
    'mail-rate': { type: 'string' },
    'fair-start': { type: 'string' },
  },
});
const count = (name: string, value: string | undefined): number | undefined => {
  if (value === undefined) return undefined;
  if (!/^\d+$/.test(value) || Number(value) < 1) {
    console.error(`--${name} must be a whole number above 0, not "${value}".`);
    process.exit(2);
  }
  return Number(value);
};
const families = count('families', values.families);
const classes = count('classes', values.classes);
const mailRate = count('mail-rate', values['mail-rate']);
const fairStart = count('fair-start', values['fair-start']);
console.log(
  capacityReport(
    registrationDay({
      ...(families && { families }),
      ...(classes && { classes }),
      ...(fairStart && { fairStart: { minutes: fairStart } }),
    }),
    mailRate,
  ),
);
