// Every e-mail the portal writes, filled in with a sample family: for `npm run preview:mail` and the test
// that renders each one.
import { classNoticeContent, invitationContent, classChanges, studentNoticeContent } from './notices';
import { lotteryNoticeContent } from './lotteryNotice';
import { absenceContent, checkOutContent, instructorInvitationContent, stillCheckedInContent } from './classDayNotices';
import type { Class } from '../contract/records';
import type { MailContent, MailFrame } from '../contract/mail/mailBlocks';
import { announcementContent, type MailSite } from '../contract/mail/announcement';
import type { NoticeKind } from '../contract/mailRecords';

export const sampleSite: MailSite & MailFrame & { timeZone: string } = {
  siteUrl: 'https://portal.mountainschool.example',
  programme: 'Mountain School Programme',
  logoUrl: 'https://portal.mountainschool.example/mail-logo.png',
  contactEmail: 'office@mountainschool.example',
  timeZone: 'America/Denver',
};

const sundays = Array.from({ length: 8 }, (_, week) => ({
  date: new Date(Date.UTC(2027, 0, 3 + 7 * week)).toISOString().slice(0, 10),
  start: '09:00',
  end: '13:00',
}));

export const sampleClass: Class = {
  id: 'ice-climbing',
  semesterId: 'winter-2027',
  name: 'Ice Climbing',
  description: 'First steps on ice.',
  location: 'Ouray Ice Park, lower bridge',
  instructor: 'Dana Alpine',
  meetings: sundays,
  capacity: 10,
  enrolled: 10,
  waitlisted: 2,
  seatsLeft: 0,
  status: 'open',
  whatToBring: 'Warm layers and gloves\nLunch and a thermos',
};

/** The child and the class of the class-day samples: a check-out at the third meeting's end. */
const checkOut = { studentName: 'Teen0 Alpine', className: sampleClass.name, at: '2027-01-17T20:05:00.000Z' };

const skiing: Class = {
  ...sampleClass,
  id: 'backcountry-skiing',
  name: 'Backcountry Skiing',
  location: 'Red Mountain Pass',
};

const student = (kind: NoticeKind, extra: Partial<Parameters<typeof studentNoticeContent>[0]> = {}) =>
  studentNoticeContent({ kind, studentName: 'Teen0 Alpine', classes: [{ cls: sampleClass }], ...extra }, sampleSite);

export function sampleMails(): Record<string, MailContent> {
  const children = [
    { name: 'Teen0 Alpine', status: 'enrolled' as const },
    { name: 'Teen1 Alpine', status: 'waitlisted' as const, waitlistPosition: 2 },
  ];
  return {
    enrolled: student('enrolled'),
    waitlisted: student('waitlisted', { classes: [{ cls: sampleClass, waitlistPosition: 3 }] }),
    waitlistedForOffers: student('waitlisted', {
      classes: [{ cls: sampleClass, waitlistPosition: 3 }],
      offerHours: 48,
    }),
    waitingMove: student('waitlisted', {
      fromClassName: 'Ice Climbing',
      classes: [{ cls: skiing, waitlistPosition: 2 }],
    }),
    promoted: student('promoted'),
    cancelled: student('cancelled'),
    cancelledByAdmin: student('cancelledByAdmin'),
    moved: student('moved', { fromClassName: 'Ice Climbing', classes: [{ cls: skiing }] }),
    movedAsAsked: student('movedAsAsked', { fromClassName: 'Ice Climbing', classes: [{ cls: skiing }] }),
    offered: student('offered', { offerExpiresAt: '2027-01-05T18:00:00.000Z' }),
    offerLapsed: student('offerLapsed'),
    reminder: student('reminder'),
    classClosed: classNoticeContent('classClosed', { cls: sampleClass, children }, sampleSite),
    meetingCancelled: classNoticeContent(
      'meetingCancelled',
      {
        cls: { ...sampleClass, meetings: sundays.map((m, index) => (index === 1 ? { ...m, cancelled: true } : m)) },
        children,
        meeting: sundays[1]!,
        note: 'The road to the ice park is closed by snow.',
      },
      sampleSite,
    ),
    announcement: announcementContent(
      {
        subject: 'Parents evening on Friday',
        text: 'Dear families,\n\nwe meet on **Friday at 18:00** in the lodge.\n\n- Bring questions\n- Map: https://mountainschool.example/lodge',
        children,
        where: 'in Ice Climbing',
      },
      sampleSite,
    ),
    invitation: invitationContent(
      {
        invitedByEmail: 'pat.alpine@example.com',
        familyName: 'The Alpine family',
        acceptUrl: `${sampleSite.siteUrl}/account/invitation?token=sample`,
        expiresOn: '2027-01-10',
      },
      sampleSite,
    ),
    absenceReported: absenceContent(
      {
        studentName: 'Teen0 Alpine',
        className: sampleClass.name,
        date: sundays[2]!.date,
        meeting: sundays[2]!,
        note: 'Teen0 has a fever; back next week, we hope.',
      },
      sampleSite,
    ),
    checkedOut: checkOutContent({ ...checkOut, pickedUpBy: 'Dana Tester' }, sampleSite),
    checkedOutFlagged: checkOutContent(
      {
        ...checkOut,
        pickedUpBy: 'Sam Neighbour',
        reason: 'Mother phoned the instructor: Sam drives today.',
        flagged: true,
      },
      sampleSite,
    ),
    stillCheckedIn: stillCheckedInContent(
      {
        studentName: 'Teen0 Alpine',
        className: sampleClass.name,
        date: sundays[2]!.date,
        meeting: sundays[2]!,
        minutes: 30,
        checkedInAt: '2027-01-17T16:02:00.000Z',
        checkedInBy: 'dana.alpine@example.com',
        instructors: ['dana.alpine@example.com', 'lee.ridge@example.com'],
      },
      sampleSite,
    ),
    instructorInvitation: instructorInvitationContent(
      {
        invitedByEmail: 'office@mountainschool.example',
        classNames: [sampleClass.name, skiing.name],
        acceptUrl: `${sampleSite.siteUrl}/instructor/invitation`,
        expiresOn: '2027-01-10',
      },
      sampleSite,
    ),
    lotteryResults: lotteryNoticeContent(
      {
        semesterName: 'Winter 2027',
        children: [
          { firstName: 'Teen0', outcome: 'enrolled', choiceName: 'Ice Climbing', rank: 1 },
          { firstName: 'Teen1', outcome: 'waitlisted', choiceName: 'Backcountry Skiing', rank: 2, place: 3 },
          { firstName: 'Teen2', outcome: 'unplaced' },
        ],
        seatsOpen: '2026-12-01T17:00:00.000Z',
        seed: '5f1c0e9a2b7d4c3e8f6a1b2c3d4e5f60',
      },
      sampleSite,
    ),
    classChanged: classNoticeContent(
      'classChanged',
      {
        cls: { ...sampleClass, location: 'Ouray Ice Park, upper bridge' },
        children,
        changes: classChanges(
          sampleClass,
          {
            location: 'Ouray Ice Park, upper bridge',
            meetings: sundays.map((meeting, index) => (index === 2 ? { ...meeting, start: '10:00' } : meeting)),
          },
          sampleSite.timeZone,
        ),
      },
      sampleSite,
    ),
  };
}
