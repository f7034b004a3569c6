// Every e-mail of the portal rendered in its one branded frame, as a parent reads it: on a phone, in dark
// mode, as plain text; and names typed by families or administrators never become markup.
import { execFileSync } from 'node:child_process';
import { sampleClass, sampleMails, sampleSite } from '../../lambdas/mail/samples';
import { shortSchedule, studentNoticeContent } from '../../lambdas/mail/notices';
import { formattedText } from '../../lambdas/contract/mail/mailBlocks';
import { renderMail } from '../../lambdas/contract/mail/mailRender';

test('the template in the repository is what the React Email layout renders (npm run build:mail)', () => {
  // React Email renders with React's server renderer, an ES module: in a process of its own.
  expect(() =>
    execFileSync(process.execPath, ['--import', 'tsx', 'lambdas/mail/build.ts', '--check'], { stdio: 'pipe' }),
  ).not.toThrow();
});

const expectedWords: Record<string, RegExp[]> = {
  enrolled: [/^Enrolled: Teen0 Alpine in Ice Climbing$/, /has a seat in Ice Climbing/, /What to do next/],
  waitlisted: [/^Waitlisted: Teen0 Alpine for Ice Climbing \(position 3\)$/, /waitlist at position 3/],
  waitlistedForOffers: [
    /^Waitlisted: Teen0 Alpine for Ice Climbing \(position 3\)$/,
    /we hold it and write to you at once: accept it on My Enrollments within 48 hours/,
  ],
  waitingMove: [
    /^Waitlisted: Teen0 Alpine for Backcountry Skiing \(position 2\)$/,
    /keeps the seat in Ice Climbing until a seat in Backcountry Skiing is Teen0 Alpine(?:'|&#39;)s; then Teen0 Alpine moves/,
  ],
  promoted: [/^A seat opened: Teen0 Alpine is enrolled in Ice Climbing$/, /moved from the waitlist/],
  cancelled: [/^Cancelled: Teen0 Alpine in Ice Climbing$/, /As you asked/],
  cancelledByAdmin: [/^Cancelled by the programme: Teen0 Alpine in Ice Climbing$/, /administrators cancelled/],
  moved: [
    /^Moved: Teen0 Alpine from Ice Climbing to Backcountry Skiing$/,
    /The programme moved Teen0 Alpine from Ice Climbing to/,
  ],
  movedAsAsked: [
    /^Moved: Teen0 Alpine from Ice Climbing to Backcountry Skiing$/,
    /As you asked, Teen0 Alpine moved from Ice Climbing to/,
  ],
  offered: [
    /^A seat is offered: Teen0 Alpine in Ice Climbing, until Tue, Jan 5, 2027, 11:00 AM MST$/,
    /is held for Teen0 Alpine until Tue, Jan 5, 2027, 11:00 AM MST/,
    /Accept or decline the seat/,
  ],
  offerLapsed: [/^Offer lapsed: Teen0 Alpine in Ice Climbing$/, /was not accepted by its deadline/],
  reminder: [
    /^Reminder: Ice Climbing starts Sun, Jan 3$/,
    /the first meeting of Ice Climbing is on Sun, Jan 3, 2027, 9:00 AM–1:00 PM MT\./,
  ],
  meetingCancelled: [
    /^Cancelled on Sun, Jan 10: Ice Climbing$/,
    /The road to the ice park is closed by snow\./,
    /Sun, Jan 10, 2027, 9:00 AM–1:00 PM MT \(cancelled\)/,
  ],
  invitation: [
    /^pat\.alpine@example\.com invites you to be a guardian with Mountain School Programme$/,
    /pat\.alpine@example\.com invites you to be a guardian of The Alpine family on Mountain School Programme/,
    /Accept the invitation/,
    /until Jan 10, 2027/,
  ],
  absenceReported: [
    /^Absence noted: Teen0 Alpine, Ice Climbing on Jan 17, 2027$/,
    /Teen0 Alpine will miss Ice Climbing on Sun, Jan 17, 2027, 9:00 AM–1:00 PM MT\. The class(?:'|&#39;)s instructors see it/,
    /Teen0 has a fever; back next week, we hope\./,
    /Report it again from your enrollments/,
  ],
  checkedOut: [
    /^Checked out: Teen0 Alpine from Ice Climbing$/,
    /Teen0 Alpine was checked out of Ice Climbing on Sun, Jan 17, 2027, 1:05 PM MST, to Dana Tester\./,
    /switch these e-mails off, or on again, in Manage Account/,
  ],
  checkedOutFlagged: [
    /^Checked out to someone not on the list: Teen0 Alpine from Ice Climbing$/,
    /Sam Neighbour is not on Teen0 Alpine(?:'|&#39;)s pick-up list\. The instructor gave this reason: “Mother phoned the instructor: Sam drives today\.”/,
    /The office was told\. If you did not expect this, call the office now\./,
  ],
  stillCheckedIn: [
    /^Still checked in: Teen0 Alpine after Ice Climbing on Jan 17, 2027$/,
    /is still checked in 30 minutes after the meeting ended\. The last check-in was on Sun, Jan 17, 2027, 9:02 AM MST, by dana\.alpine@example\.com\./,
    /Call the instructors \(dana\.alpine@example\.com and lee\.ridge@example\.com\)/,
  ],
  instructorInvitation: [
    /^office@mountainschool\.example invites you to teach with Mountain School Programme$/,
    /invites you to teach Ice Climbing and Backcountry Skiing on Mountain School Programme(?:'|&#39;)s registration portal/,
    /Accept the invitation/,
    /until Jan 10, 2027/,
  ],
  announcement: [
    /^Parents evening on Friday$/,
    /we meet on Friday at 18:00 in the lodge/,
    /Teen0 Alpine and Teen1 Alpine are in Ice Climbing/,
  ],
  classClosed: [
    /^Closed: Ice Climbing$/,
    /Teen0 Alpine stays enrolled; Teen1 Alpine stays on the waitlist at position 2/,
  ],
  lotteryResults: [
    /^Lottery results for Winter 2027$/,
    /Teen0: a seat in Ice Climbing \(first choice\)/,
    /Teen1: on the waitlist for Backcountry Skiing \(second choice\), place 3/,
    /Teen2: not placed\. None of the classes asked for takes children in Teen2/,
    /open to everyone, first come first served, on Tue, Dec 1, 2026, 10:00 AM MST/,
    /seed is 5f1c0e9a2b7d4c3e8f6a1b2c3d4e5f60\. With it, anyone can run the draw again and check its result/,
  ],
  classChanged: [
    /^Changed: Ice Climbing$/,
    /The place is now Ouray Ice Park, upper bridge/,
    /Sun, Jan 17, 2027, 10:00 AM–1:00 PM MT \(it was 9:00 AM–1:00 PM\)/,
  ],
};

describe.each(Object.entries(sampleMails()))('the %s e-mail', (kind, content) => {
  const mail = renderMail(content, sampleSite);
  test('says what happened, for whom, in the subject and both parts', () => {
    const [subject, ...words] = expectedWords[kind]!;
    expect(mail.subject).toMatch(subject!);
    for (const pattern of words) {
      expect(mail.text).toMatch(pattern);
      expect(mail.html.replace(/<[^>]+>/g, '')).toMatch(pattern);
    }
  });
  test('is framed by the programme: logo, name, contact; readable on a phone and in dark mode', () => {
    expect(mail.html).toContain('name="viewport" content="width=device-width, initial-scale=1"');
    expect(mail.html).toContain('name="color-scheme" content="light dark"');
    expect(mail.html).toContain('prefers-color-scheme: dark');
    expect(mail.html).toContain('src="https:&#x2F;&#x2F;portal.mountainschool.example&#x2F;mail-logo.png"');
    expect(mail.html).toContain('Mountain School Programme');
    expect(mail.html).toContain('href="mailto:office@mountainschool.example"');
    expect(mail.text).toContain('Mountain School Programme · Questions? Write to office@mountainschool.example');
    expect(mail.html).not.toMatch(/\{\{|\}\}/);
  });
});

test('the class details give the short schedule, each date on a line, the place and what to bring', () => {
  const { text } = renderMail(sampleMails().enrolled!, sampleSite);
  expect(text).toContain('When: 8 Sundays, Jan 3 – Feb 21, 9:00 AM–1:00 PM MT');
  expect(text).toContain('    Sun, Jan 3, 2027, 9:00 AM–1:00 PM MT\n    Sun, Jan 10, 2027, 9:00 AM–1:00 PM MT');
  expect(text).toContain('Where: Ouray Ice Park, lower bridge');
  expect(text).toContain('    Warm layers and gloves\n    Lunch and a thermos');
});

test("a short schedule names one weekday, several, one meeting, or none, its times on the programme's 12-hour clock, the zone named once", () => {
  const meeting = (date: string, start = '09:00', end = '12:00') => ({ date, start, end });
  const denver = 'America/Denver';
  expect(shortSchedule([], denver)).toBe('Dates to be announced');
  expect(shortSchedule([meeting('2027-01-09')], denver)).toBe('Saturday, Jan 9, 9:00 AM–12:00 PM MT');
  expect(shortSchedule([meeting('2027-07-10', '12:30', '23:59')], denver)).toBe(
    'Saturday, Jul 10, 12:30 PM–11:59 PM MT',
  );
  expect(shortSchedule([meeting('2027-01-09'), meeting('2027-01-16')], 'UTC')).toBe(
    '2 Saturdays, Jan 9 – Jan 16, 9:00 AM–12:00 PM UTC',
  );
  expect(shortSchedule([meeting('2027-01-09'), meeting('2027-01-13', '10:00')], denver)).toBe(
    '2 meetings, Jan 9 – Jan 13, times vary (see the dates)',
  );
});

test("the reminder's plain text holds what the class details say (place, dates, what to bring), and asks to pack only what a class lists", () => {
  const reminder = (cls: typeof sampleClass) =>
    renderMail(
      studentNoticeContent({ kind: 'reminder', studentName: 'Teen0 Alpine', classes: [{ cls }] }, sampleSite),
      sampleSite,
    ).text;
  const text = reminder(sampleClass);
  expect(text).toContain(`  Where: ${sampleClass.location}`);
  expect(text).toContain('  What to bring:\n    Warm layers and gloves\n    Lunch and a thermos');
  expect(text).toContain('- Pack what to bring, listed with the class above.');
  const { whatToBring: _none, ...nothingListed } = sampleClass;
  expect(reminder(nothingListed)).not.toContain('what to bring');
});

test('a name typed with markup is text in the e-mail, never markup', () => {
  const content = studentNoticeContent(
    {
      kind: 'enrolled',
      studentName: '<img src=x onerror=alert(1)>',
      classes: [{ cls: { ...sampleClass, name: '"><b>x' } }],
    },
    sampleSite,
  );
  const { html, text } = renderMail(content, sampleSite);
  expect(html).not.toContain('<img src=x');
  expect(html).not.toContain('"><b>');
  expect(html).toContain('&lt;img src&#x3D;x onerror&#x3D;alert(1)&gt;');
  expect(text).toContain('<img src=x onerror=alert(1)> is enrolled');
});

test('simple formatted text: paragraphs, lists, strong text and links, nothing else', () => {
  expect(
    formattedText(
      'Hello families,\nno class **today**.\n\n- Bring skis\n* Meet at https://example.org/map.\n\n<b>not bold</b>',
    ),
  ).toEqual([
    { paragraph: { spans: [{ text: 'Hello families, no class ' }, { text: 'today', strong: true }, { text: '.' }] } },
    {
      list: {
        items: [
          { spans: [{ text: 'Bring skis' }] },
          {
            spans: [
              { text: 'Meet at ' },
              { text: 'https://example.org/map', href: 'https://example.org/map' },
              { text: '.' },
            ],
          },
        ],
      },
    },
    { paragraph: { spans: [{ text: '<b>not bold</b>' }] } },
  ]);
});
