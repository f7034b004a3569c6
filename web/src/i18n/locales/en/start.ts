// Compiled from the catalogues' .json by npm run i18n:compile: edit those, not this file.
import type { Messages } from '@lingui/core';

export const messages: Messages = {
  'header.logo': ['Mountain school logo'],
  'header.title': ['Registration Portal'],
  'header.titleShort': ['Portal'],
  'header.account': ['Account'],
  'header.signIn': ['Register / Sign In'],
  'language.control': ['Language'],
  'auth.session.ended': ['Your session has ended. Sign in again to go back to the page you were on.'],
  'auth.session.rolesUnavailable': ['Account roles unavailable'],
  'auth.admin.secondFactorLoad': ['Your second factor'],
  'auth.admin.secondFactorTitle': ['Turn on your second factor'],
  'auth.admin.secondFactorWhy': [
    "Administrators see children's health notes and emergency contacts, so the admin screens need a code from an authenticator app as well as your password.",
  ],
  'auth.admin.secondFactorSetUp': ['Set it up in Manage Account'],
};
