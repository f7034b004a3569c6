// Compiled from the catalogues' .json by npm run i18n:compile: edit those, not this file.
import type { Messages } from '@lingui/core';

export const messages: Messages = {
  'lotteryNotice.closed': [
    ['name'],
    "'s lottery took requests until ",
    ['close'],
    '. The results come by ',
    ['results'],
    '; the seats left after the draw open to everyone, first come first served, on ',
    ['open'],
    '.',
  ],
  'lotteryNotice.before': [
    ['name'],
    "'s seats are given by a lottery draw: requests are taken from ",
    ['from'],
    ' to ',
    ['close'],
    ', on <0>Lottery requests</0>. The results come by ',
    ['results'],
    '; the seats left after the draw open to everyone, first come first served, on ',
    ['open'],
    '.',
  ],
  'lotteryNotice.during': [
    ['name'],
    "'s seats are given by a lottery draw: ",
    ['signedIn', 'select', { yes: ['send'], other: ['sign in and send'] }],
    ' your requests on <0>Lottery requests</0> by ',
    ['close'],
    '. Being early gains nothing: every request sent by then is in the draw. The results come by ',
    ['results'],
    '; the seats left after the draw open to everyone, first come first served, on ',
    ['open'],
    '.',
  ],
};
