// Compiled from the catalogues' .json by npm run i18n:compile: edit those, not this file.
import type { Messages } from '@lingui/core';

export const messages: Messages = {
  'password.needs': ['Password needs ', ['rules']],
  'password.rule': [
    [
      'rule',
      'select',
      {
        length: ['at least ', ['min'], ' characters'],
        lower: ['a lower case letter'],
        upper: ['an upper case letter'],
        digit: ['a digit'],
        other: ['a symbol such as - or !'],
      },
    ],
  ],
};
