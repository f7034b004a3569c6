// `npm run deploy -- <stage> [--first] [cdk deploy's own options]`: deploys a stage kept in cdk.json with all its
// settings (infra/deploy.ts). `--first` on a stage's first deploy, before its mail domain is verified.
import { spawnSync } from 'node:child_process';
import { deployCommands, keptStageNames } from './deploy';

const [stage, ...rest] = process.argv.slice(2);
if (!stage || stage.startsWith('-')) {
  console.error(
    `Which stage? npm run deploy -- <stage> [--first]; the stages in cdk.json: ${keptStageNames().join(', ')}.`,
  );
  process.exit(2);
}
const first = rest.includes('--first');
let commands: string[][];
try {
  commands = deployCommands(stage, keptStageNames(), { first, cdkArguments: rest.filter((arg) => arg !== '--first') });
} catch (error) {
  console.error((error as Error).message);
  process.exit(2);
}
if (first)
  console.warn(
    `First deploy of ${stage}: the user pool's codes go through Cognito's own e-mail (a few a day) until the next ` +
      `deploy. Add the DkimRecord outputs to the domain's DNS, and deploy again without --first once SES has verified it.`,
  );
for (const [program, ...args] of commands) {
  console.log(`> ${[program, ...args].join(' ')}`);
  const { status } = spawnSync(program!, args, {
    stdio: 'inherit',
    env: { ...process.env, CDK_DISABLE_CLI_TELEMETRY: 'true' },
  });
  if (status !== 0) process.exit(status ?? 1);
}
