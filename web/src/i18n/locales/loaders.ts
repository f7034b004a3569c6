// Compiled from the catalogues' .json by npm run i18n:compile: edit those, not this file.
import type { Messages } from '@lingui/core';

/** Each catalogue of each language but English, a chunk of its own. */
export const loaders: Record<string, Record<string, () => Promise<{ messages: Messages }>>> = {
  es: {
    account: () => import('./es/account'),
    calendar: () => import('./es/calendar'),
    classes: () => import('./es/classes'),
    common: () => import('./es/common'),
    enroll: () => import('./es/enroll'),
    enrollments: () => import('./es/enrollments'),
    lottery: () => import('./es/lottery'),
    lotteryNotice: () => import('./es/lotteryNotice'),
    password: () => import('./es/password'),
    schedule: () => import('./es/schedule'),
    signIn: () => import('./es/signIn'),
    start: () => import('./es/start'),
    written: () => import('./es/written'),
  },
};
