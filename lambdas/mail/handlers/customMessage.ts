// The user pool's e-mails in the portal's words and in its one branded frame, like every other e-mail (the
// programme's name and logo, its contact). The sign-up e-mail gives the code that proves the address (the account
// is confirmed with it); the password-reset e-mail links to the reset screen with the e-mail and code filled in.
// Cognito puts the code where `{####}` stands, and sends only the HTML part. Each in the account's language, as
// its `locale` attribute says (English or Spanish).
import middy from '@middy/core';
import type { CustomMessageTriggerEvent } from 'aws-lambda';
import { DEFAULT_PROGRAMME_NAME } from '../../contract/configNames';
import { type AccountLanguage, languageOfTag } from '../../contract/languages';
import { link, paragraph, strong, type MailContent, type MailFrame } from '../../contract/mail/mailBlocks';
import { renderMail } from '../../contract/mail/mailRender';
import { requiredEnv } from '../../platform/env';
import { logCallContext, logger } from '../../platform/logger';
import { headerText } from '../mailHeader';
import { mailSite } from '../mailSite';

const siteUrl = requiredEnv('SITE_URL').replace(/\/+$/, '');

function resetLink(email: string, codeParameter: string): string {
  return `${siteUrl}/user/reset?email=${encodeURIComponent(email)}&code=${codeParameter}`;
}

/** Signing in to an account that has not confirmed yet leads to the code step. */
function confirmLink(email: string): string {
  return `${siteUrl}/user/login?email=${encodeURIComponent(email)}`;
}

/**
 * The frame as the site's settings give it; when they cannot be read, the programme's default name: Cognito
 * refuses the sign-up or the reset when its trigger fails, and the code must reach the family.
 */
async function frame(): Promise<MailFrame> {
  try {
    return await mailSite();
  } catch (error) {
    logger.warn('The e-mail frame fell back to its defaults: the site settings could not be read.', { error });
    return { programme: DEFAULT_PROGRAMME_NAME, logoUrl: `${siteUrl}/mail-logo.png` };
  }
}

/** The e-mail Cognito sends for this trigger source, or undefined for those left to Cognito. */
function contentOf(
  event: CustomMessageTriggerEvent,
  programme: string,
  language: AccountLanguage,
): MailContent | undefined {
  return language === 'es' ? spanishContentOf(event, programme) : englishContentOf(event, programme);
}

function englishContentOf(event: CustomMessageTriggerEvent, programme: string): MailContent | undefined {
  const { codeParameter, usernameParameter, userAttributes } = event.request;
  const email = userAttributes.email ?? '';
  switch (event.triggerSource) {
    case 'CustomMessage_SignUp':
    case 'CustomMessage_ResendCode': {
      const confirm = confirmLink(email);
      return {
        subject: `Your ${programme} code: confirm your e-mail`,
        preview: `Your code is ${codeParameter}.`,
        blocks: [
          { heading: 'Confirm your e-mail address' },
          paragraph(`Your ${programme} account for `, strong(email), ' is made once this address is confirmed.'),
          paragraph('Your code is ', strong(codeParameter), '.'),
          paragraph(
            'Enter it where the portal asks for it. Closed the page? Sign in with this address and the portal asks for the code: ',
            link(confirm, confirm),
          ),
          {
            note: 'If you did not create an account, ignore this e-mail: without the code, no account uses your address.',
          },
        ],
      };
    }
    case 'CustomMessage_ForgotPassword': {
      const reset = resetLink(email, codeParameter);
      return {
        subject: `Reset your ${programme} password`,
        blocks: [
          { heading: 'Choose a new password' },
          paragraph(`We received a request to reset the password of the ${programme} account for `, strong(email), '.'),
          // The address itself as the link's words: a reader whose mail shows no links can copy it.
          paragraph('To choose a new password, open this link: ', link(reset, reset)),
          paragraph('Your reset code is ', strong(codeParameter), '.'),
          { note: 'If you did not ask for this, ignore this e-mail: your password stays as it is.' },
        ],
      };
    }
    case 'CustomMessage_AdminCreateUser': {
      const signIn = `${siteUrl}/user/login`;
      return {
        subject: `Your ${programme} account`,
        blocks: [
          { heading: 'An account was made for you' },
          paragraph(
            `An account was made for you on the ${programme} portal: sign in at `,
            link(signIn, signIn),
            ' with ',
            strong(usernameParameter ?? email),
            ' and the temporary password ',
            strong(codeParameter),
            ', then choose your own.',
          ),
        ],
      };
    }
    default:
      return undefined;
  }
}

/**
 * The same e-mails in Spanish, for an account whose `locale` says so (chosen at sign-up, kept by saveLanguage):
 * written for families, usted throughout.
 */
function spanishContentOf(event: CustomMessageTriggerEvent, programme: string): MailContent | undefined {
  const { codeParameter, usernameParameter, userAttributes } = event.request;
  const email = userAttributes.email ?? '';
  switch (event.triggerSource) {
    case 'CustomMessage_SignUp':
    case 'CustomMessage_ResendCode': {
      const confirm = confirmLink(email);
      return {
        subject: `Su código de ${programme}: confirme su correo electrónico`,
        preview: `Su código es ${codeParameter}.`,
        blocks: [
          { heading: 'Confirme su correo electrónico' },
          paragraph(
            `Su cuenta de ${programme} para `,
            strong(email),
            ' queda creada en cuanto confirme esta dirección.',
          ),
          paragraph('Su código es ', strong(codeParameter), '.'),
          paragraph(
            'Escríbalo donde el portal se lo pide. ¿Cerró la página? Inicie sesión con esta dirección y el portal le pedirá el código: ',
            link(confirm, confirm),
          ),
          {
            note: 'Si usted no creó una cuenta, ignore este correo: sin el código, ninguna cuenta usa su dirección.',
          },
        ],
      };
    }
    case 'CustomMessage_ForgotPassword': {
      const reset = resetLink(email, codeParameter);
      return {
        subject: `Restablezca su contraseña de ${programme}`,
        blocks: [
          { heading: 'Elija una contraseña nueva' },
          paragraph(
            `Recibimos una solicitud para restablecer la contraseña de la cuenta de ${programme} de `,
            strong(email),
            '.',
          ),
          paragraph('Para elegir una contraseña nueva, abra este enlace: ', link(reset, reset)),
          paragraph('Su código para restablecerla es ', strong(codeParameter), '.'),
          { note: 'Si usted no lo pidió, ignore este correo: su contraseña no cambia.' },
        ],
      };
    }
    case 'CustomMessage_AdminCreateUser': {
      const signIn = `${siteUrl}/user/login`;
      return {
        subject: `Su cuenta de ${programme}`,
        blocks: [
          { heading: 'Le creamos una cuenta' },
          paragraph(
            `Le creamos una cuenta en el portal de ${programme}: inicie sesión en `,
            link(signIn, signIn),
            ' con ',
            strong(usernameParameter ?? email),
            ' y la contraseña temporal ',
            strong(codeParameter),
            '; después elija la suya.',
          ),
        ],
      };
    }
    default:
      return undefined;
  }
}

export async function customMessage(event: CustomMessageTriggerEvent): Promise<CustomMessageTriggerEvent> {
  // The account's language: Cognito's standard `locale` attribute ("es", "es-MX"); none or another: English.
  const language = languageOfTag(event.request.userAttributes.locale);
  // The messages left to Cognito read nothing (contentOf is pure: asking it twice costs nothing).
  if (!contentOf(event, DEFAULT_PROGRAMME_NAME, language)) return event;
  const framed = await frame();
  const content = contentOf(event, framed.programme, language)!;
  event.response.emailSubject = headerText(content.subject);
  event.response.emailMessage = renderMail(content, framed, language).html;
  return event;
}

export const handler = middy(customMessage).use(logCallContext());
