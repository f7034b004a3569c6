// Compiled from the catalogues' .json by npm run i18n:compile: edit those, not this file.
import type { Messages } from '@lingui/core';

export const messages: Messages = {
  'lotteryNotice.closed': [
    'El sorteo de ',
    ['name'],
    ' recibió solicitudes hasta el ',
    ['close'],
    '. Los resultados llegarán a más tardar el ',
    ['results'],
    '; los lugares que queden después del sorteo se abren a todos, por orden de llegada, el ',
    ['open'],
    '.',
  ],
  'lotteryNotice.before': [
    'Los lugares de ',
    ['name'],
    ' se asignan por sorteo: las solicitudes se reciben del ',
    ['from'],
    ' al ',
    ['close'],
    ', en <0>Solicitudes de sorteo</0>. Los resultados llegarán a más tardar el ',
    ['results'],
    '; los lugares que queden después del sorteo se abren a todos, por orden de llegada, el ',
    ['open'],
    '.',
  ],
  'lotteryNotice.during': [
    'Los lugares de ',
    ['name'],
    ' se asignan por sorteo: ',
    ['signedIn', 'select', { yes: ['envíe'], other: ['inicie sesión y envíe'] }],
    ' sus solicitudes en <0>Solicitudes de sorteo</0> a más tardar el ',
    ['close'],
    '. Llegar antes no da ventaja: todas las solicitudes enviadas a tiempo entran en el sorteo. Los resultados llegarán a más tardar el ',
    ['results'],
    '; los lugares que queden después del sorteo se abren a todos, por orden de llegada, el ',
    ['open'],
    '.',
  ],
};
