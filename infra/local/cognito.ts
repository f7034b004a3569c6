// cognito-local, composed in process the way its own `createDefaultServer` does, with these differences:
// its e-mails go to the portal's outbox (with the code put in, as Cognito would); it is served by the
// gateway under `/_cognito`, so the issuer of its tokens depends only on the portal's port; it behaves as
// the stack's pool where the portal relies on it (cognitoTargets.ts); and it stands behind what guards
// Cognito in AWS (cognitoGuard.ts): signed admin calls, no foreign origins, the sign-up limit.
process.env.AWS_SDK_JS_SUPPRESS_MAINTENANCE_MODE_MESSAGE ??= '1';

import { createServer } from 'cognito-local/lib/server/server';
import { Router } from 'cognito-local/lib/server/Router';
import type { Config } from 'cognito-local/lib/server/config';
import { DateClock, LambdaService, MessagesService, TriggersService } from 'cognito-local/lib/services';
import { CognitoServiceFactoryImpl } from 'cognito-local/lib/services/cognitoService';
import { CryptoService } from 'cognito-local/lib/services/crypto';
import { StormDBDataStoreFactory } from 'cognito-local/lib/services/dataStore/stormDb';
import { MessageDeliveryService } from 'cognito-local/lib/services/messageDelivery/messageDelivery';
import type { MessageSender } from 'cognito-local/lib/services/messageDelivery/messageSender';
import { otp } from 'cognito-local/lib/services/otp';
import { JwtTokenGenerator } from 'cognito-local/lib/services/tokenGenerator';
import { mkdirSync } from 'node:fs';
import { randomBytes } from 'node:crypto';
import type { RequestListener } from 'node:http';
import { join } from 'node:path';
import pino from 'pino';
import { guardedUserPool } from './cognitoGuard';
import { CaseInsensitiveUserPoolServiceFactory, portalRouter } from './cognitoTargets';
import { htmlToText, type Outbox } from './outbox';
import type { LocalCredentials } from './signature';
import { userPoolTriggers } from '../../lambdas/platform/deployment';

export const COGNITO_PATH = '/_cognito';

const CODE_PARAMETER = '{####}';

/** Delivers the user pool's messages to the outbox, with the code where the trigger left `{####}`. */
class OutboxMessageSender implements MessageSender {
  constructor(private readonly outbox: Outbox) {}

  async sendEmail(
    _ctx: unknown,
    _user: unknown,
    destination: string,
    message: { __code?: string; emailSubject?: string; emailMessage?: string },
  ) {
    const code = message.__code ?? '';
    const html = message.emailMessage?.split(CODE_PARAMETER).join(code) ?? `<p>Your code is ${code}.</p>`;
    this.outbox.add({
      to: destination,
      subject: message.emailSubject ?? 'Your verification code',
      text: htmlToText(html),
      html,
    });
  }

  async sendSms(ctx: unknown, user: unknown, destination: string, message: { __code?: string; smsMessage?: string }) {
    await this.sendEmail(ctx, user, destination, {
      __code: message.__code,
      emailSubject: 'SMS',
      emailMessage: message.smsMessage,
    });
  }
}

/**
 * The Lambda client cognito-local calls its triggers with: the Lambda Invoke REST call, sent to the
 * gateway, which answers it with the portal's trigger handlers.
 */
function lambdaInvokeClient(gatewayUrl: string) {
  return {
    invoke: ({ FunctionName, Payload }: { FunctionName: string; Payload: string }) => ({
      promise: async () => {
        const response = await fetch(
          `${gatewayUrl}/2015-03-31/functions/${encodeURIComponent(FunctionName)}/invocations`,
          { method: 'POST', body: Payload },
        );
        return {
          StatusCode: response.status,
          FunctionError: response.headers.get('x-amz-function-error') ?? undefined,
          Payload: await response.text(),
        };
      },
    }),
  };
}

export interface CognitoLocalOptions {
  dataDir: string;
  /** Where the gateway listens: the issuer's domain and the Lambda API endpoint for the triggers. */
  gatewayUrl: string;
  outbox: Outbox;
  logLevel: string;
  /** Cognito's default request-rate quotas enforced (cognitoGuard.ts). */
  quotas?: boolean;
}

export interface CognitoLocal {
  /** The request handler, to be mounted by the gateway at COGNITO_PATH. */
  listener: RequestListener;
  /** The only credentials its admin calls accept: new at every start, handed to the functions and tools. */
  credentials: LocalCredentials;
}

export async function createCognitoLocal({
  dataDir,
  gatewayUrl,
  outbox,
  logLevel,
  quotas = false,
}: CognitoLocalOptions): Promise<CognitoLocal> {
  const dataDirectory = join(dataDir, 'db');
  mkdirSync(dataDirectory, { recursive: true });
  const logger = pino({ level: logLevel });
  const ctx = { logger };
  const config: Config = {
    LambdaClient: { region: 'local', endpoint: gatewayUrl },
    TriggerFunctions: { ...userPoolTriggers },
    UserPoolDefaults: { UsernameAttributes: ['email'] },
    TokenConfig: { IssuerDomain: `${gatewayUrl}${COGNITO_PATH}` },
    KMSConfig: { credentials: { accessKeyId: 'local', secretAccessKey: 'local' }, region: 'local' },
    ServerConfig: { port: 0, hostname: '127.0.0.1', development: false, https: false },
  };
  const clock = new DateClock();
  const dataStoreFactory = new StormDBDataStoreFactory(dataDirectory);
  const cognitoServiceFactory = new CognitoServiceFactoryImpl(
    dataDirectory,
    dataStoreFactory,
    new CaseInsensitiveUserPoolServiceFactory(clock, dataStoreFactory),
  );
  const cognito = await cognitoServiceFactory.create(ctx, config.UserPoolDefaults);
  const triggers = new TriggersService(
    clock,
    cognito,
    new LambdaService(
      config.TriggerFunctions,
      lambdaInvokeClient(gatewayUrl) as unknown as ConstructorParameters<typeof LambdaService>[1],
    ),
    new CryptoService(config.KMSConfig),
  );
  const services = {
    clock,
    cognito,
    config,
    messages: new MessagesService(triggers, new MessageDeliveryService(new OutboxMessageSender(outbox))),
    otp,
    tokenGenerator: new JwtTokenGenerator(clock, triggers, config.TokenConfig),
    triggers,
  };
  const application = createServer(portalRouter(services, Router(services)), logger, config.ServerConfig, services)
    .application as unknown as RequestListener;
  const credentials = {
    accessKeyId: `LOCAL${randomBytes(8).toString('hex').toUpperCase()}`,
    secretAccessKey: randomBytes(30).toString('base64url'),
  };
  return { listener: guardedUserPool(application, { credentials, mountPath: COGNITO_PATH, quotas }), credentials };
}
