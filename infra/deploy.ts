// One stage's deploy, with every setting it keeps in cdk.json: the web app built, then both stacks deployed
// with `-c stage=<stage>`. The commands are worked out here, apart from running them, so they can be checked.
import { readFileSync } from 'node:fs';

export interface DeployOptions {
  /** The stage's first deploy: the user pool's codes go through Cognito until its mail domain is verified. */
  first?: boolean;
  /** Anything else for `cdk deploy` (`--profile school`, `--require-approval never`). */
  cdkArguments?: string[];
}

/** The stages kept in cdk.json, by name. */
export function keptStageNames(cdkJson = 'cdk.json'): string[] {
  const { context } = JSON.parse(readFileSync(cdkJson, 'utf8')) as { context?: { stages?: Record<string, unknown> } };
  return Object.keys(context?.stages ?? {});
}

/** The commands that deploy `stage`, in order, each as a program and its arguments. */
export function deployCommands(stage: string, stages: string[], options: DeployOptions = {}): string[][] {
  if (!stages.includes(stage))
    throw new Error(
      `There is no stage "${stage}" in cdk.json's stages (${stages.join(', ') || 'none'}): add its settings there first.`,
    );
  return [
    ['npm', 'run', 'build:web'],
    [
      'npx',
      'cdk',
      'deploy',
      '--all',
      '--no-notices',
      '-c',
      `stage=${stage}`,
      ...(options.first ? ['-c', 'firstDeploy=true'] : []),
      ...(options.cdkArguments ?? []),
    ],
  ];
}
