// Compiled from the catalogues' .json by npm run i18n:compile: edit those, not this file.
import type { Messages } from '@lingui/core';

export const messages: Messages = {
  'schedule.summary.tba': ['Schedule to be announced'],
  'schedule.summary.weekly': [
    [
      'day',
      'select',
      {
        sunday: ['Sundays'],
        monday: ['Mondays'],
        tuesday: ['Tuesdays'],
        wednesday: ['Wednesdays'],
        thursday: ['Thursdays'],
        friday: ['Fridays'],
        saturday: ['Saturdays'],
        other: [],
      },
    ],
    ' ',
    ['hours'],
  ],
  'schedule.summary.zoned': [['slots'], ' ', ['zone']],
  'schedule.summary.slotCount': [['count', 'plural', { one: ['#', ' time slot'], other: ['#', ' time slots'] }]],
  'schedule.summary.line': [
    ['when'],
    ' · ',
    ['count', 'plural', { one: ['#', ' meeting'], other: ['#', ' meetings'] }],
    ', ',
    ['span'],
  ],
  'schedule.grades.all': ['All grades'],
  'schedule.grades.one': ['Grade ', ['grade']],
  'schedule.grades.range': ['Grades ', ['min'], '–', ['max']],
  'schedule.grades.upTo': ['Grades up to ', ['max']],
  'schedule.grades.from': ['Grades ', ['min'], ' and up'],
  'schedule.seats.left': [['count', 'plural', { one: ['#', ' seat left'], other: ['#', ' seats left'] }]],
  'schedule.seats.full': ['Full – join waitlist'],
  'schedule.grades.preK': ['Pre-K'],
  'schedule.grades.k': ['K'],
  'schedule.grades.child': [['kind', 'select', { preK: ['Pre-K'], kindergarten: ['K'], other: ['Grade ', ['grade']] }]],
  'schedule.moment.yourTime': [['moment'], ' (', ['theirs'], ' your time)'],
};
