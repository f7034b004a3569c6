// Compiled from the catalogues' .json by npm run i18n:compile: edit those, not this file.
import type { Messages } from '@lingui/core';

export const messages: Messages = {
  'schedule.summary.tba': ['Horario por anunciar'],
  'schedule.summary.weekly': [
    [
      'day',
      'select',
      {
        sunday: ['domingos'],
        monday: ['lunes'],
        tuesday: ['martes'],
        wednesday: ['miércoles'],
        thursday: ['jueves'],
        friday: ['viernes'],
        saturday: ['sábados'],
        other: [],
      },
    ],
    ' ',
    ['hours'],
  ],
  'schedule.summary.zoned': [['slots'], ' (', ['zone'], ')'],
  'schedule.summary.slotCount': [['count', 'plural', { one: ['#', ' horario'], other: ['#', ' horarios'] }]],
  'schedule.summary.line': [
    ['when'],
    ' · ',
    ['count', 'plural', { one: ['#', ' sesión'], other: ['#', ' sesiones'] }],
    ', ',
    ['span'],
  ],
  'schedule.grades.all': ['Todos los grados'],
  'schedule.grades.one': ['Grado ', ['grade']],
  'schedule.grades.range': ['Grados ', ['min'], ' a ', ['max']],
  'schedule.grades.upTo': ['Grados hasta ', ['max']],
  'schedule.grades.from': ['Grados ', ['min'], ' en adelante'],
  'schedule.seats.left': [['count', 'plural', { one: ['Queda ', '#', ' lugar'], other: ['Quedan ', '#', ' lugares'] }]],
  'schedule.seats.full': ['Llena: únase a la lista de espera'],
  'schedule.grades.preK': ['Prekínder'],
  'schedule.grades.k': ['Kínder'],
  'schedule.grades.child': [
    ['kind', 'select', { preK: ['Prekínder'], kindergarten: ['Kínder'], other: [['grade'], '.º grado'] }],
  ],
  'schedule.moment.yourTime': [['moment'], ' (', ['theirs'], ' en su hora local)'],
};
