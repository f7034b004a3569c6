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
  'start.skipToMain': ['Skip to main content'],
  'start.waiting': ['Loading'],
  'start.footer.rights': ['© 2025 Mountain School Programme. All rights reserved.'],
  'start.footer.privacy': ['Privacy Policy'],
  'start.footer.help': ['Need help? Write to <0>', ['email'], '</0>'],
  'start.announcement.label': ['Announcement'],
  'start.announcement.dismiss': ['Dismiss announcement'],
  'start.userMenu.label': ['Account menu'],
  'start.userMenu.noEmail': ['User email'],
  'start.userMenu.enrollments': ['Enrollments'],
  'start.userMenu.manageAccount': ['Manage Account'],
  'start.userMenu.signOut': ['Sign Out'],
  'start.loadFailure.text': [['what'], ' could not be loaded: ', ['message']],
  'start.loadFailure.retry': ['Retry'],
  'start.toast.close': ['Close'],
  'start.configFailure': ['The portal could not load its configuration. Please reload the page in a moment.'],
  'start.invitation.guardian': [
    'You are invited to be a guardian of a family. Create your account with the e-mail address the invitation was sent to, or sign in if you have one: the invitation opens again, to accept.',
  ],
  'start.invitation.instructor': [
    'You are invited to teach classes. Create your account with the e-mail address the invitation was sent to, or sign in if you have one: the invitation opens again, to accept.',
  ],
};
