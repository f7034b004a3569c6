// Compiled from the catalogues' .json by npm run i18n:compile: edit those, not this file.
import type { Messages } from '@lingui/core';

export const messages: Messages = {
  'password.needs': ['La contraseña necesita ', ['rules']],
  'password.rule': [
    [
      'rule',
      'select',
      {
        length: ['al menos ', ['min'], ' caracteres'],
        lower: ['una letra minúscula'],
        upper: ['una letra mayúscula'],
        digit: ['un número'],
        other: ['un símbolo, como - o !'],
      },
    ],
  ],
};
