// The Site settings form on Admins and Settings: the programme's time zone (empty: the deploy's, which it names)
// and the reminders' lead time, saved as the number the server reads; the yearly check's day no later than the
// programme's today.
import { fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ConfigValues } from '../../lambdas/contract/records';
import { ConfigSection } from '../../web/src/admin/settings/ConfigSection';
import { answeringCalls, renderAsAdmin } from '../support/adminScreen';

let saved: ConfigValues[];
beforeEach(async () => {
  saved = [];
  answeringCalls((name, payload) => {
    if (name !== 'saveConfig') return { values: { contactEmail: 'office@example.org' }, timeZone: 'America/Denver' };
    const { values } = payload as { values: ConfigValues };
    saved.push(values);
    return { values, timeZone: 'America/Denver' };
  });
  await renderAsAdmin(<ConfigSection />);
});

test("given no time zone of the programme's own, then the form lists the time zone and the reminders' lead time, naming the deploy's zone", async () => {
  const timeZone = await screen.findByRole('textbox', { name: 'Time zone' });
  expect(timeZone).toHaveValue('');
  expect(timeZone).toHaveAccessibleDescription(
    "The programme's time zone, as an IANA name such as America/Denver: every time the portal shows, e-mails and exports reads on its clock. Empty: the deploy's (now America/Denver).",
  );
  expect(screen.getByRole('spinbutton', { name: 'Reminder lead time (days)' })).toHaveAccessibleDescription(
    "How many days before a class's first meeting its families get a reminder e-mail, 1 to 30. Empty: 2.",
  );
});

test('when the admin sets both, then the zone is saved as its name and the lead time as a number', async () => {
  const user = userEvent.setup();
  await user.type(await screen.findByRole('textbox', { name: 'Time zone' }), 'America/Chicago');
  await user.type(screen.getByRole('spinbutton', { name: 'Reminder lead time (days)' }), '5');
  await user.click(screen.getByRole('button', { name: 'Save settings' }));
  await waitFor(() =>
    expect(saved).toEqual([{ contactEmail: 'office@example.org', timeZone: 'America/Chicago', reminderLeadDays: 5 }]),
  );
  // Its own zone set, the help no longer names the deploy's, which the answer does not tell.
  expect(screen.getByRole('textbox', { name: 'Time zone' })).toHaveAccessibleDescription(/Empty: the deploy's\.$/);
});

test('when the admin types a zone that is not one, then the form says what it must be, on the field, and saves nothing', async () => {
  // The form scrolls its first problem into view, which jsdom cannot.
  Element.prototype.scrollIntoView = jest.fn();
  const user = userEvent.setup();
  const timeZone = await screen.findByRole('textbox', { name: 'Time zone' });
  await user.type(timeZone, 'Mountain Time');
  await user.click(screen.getByRole('button', { name: 'Save settings' }));
  await waitFor(() => expect(timeZone).toHaveFocus());
  expect(timeZone).toHaveAccessibleDescription(/must be a time zone name such as America\/Denver/);
  expect(saved).toEqual([]);
});

test("when the admin sets the day details must be confirmed since, then it may not pass the programme's today, though UTC's day is already the next, and nothing is saved", async () => {
  Element.prototype.scrollIntoView = jest.fn();
  // 11 PM on Mar 2 in Denver: Mar 3 in UTC.
  jest.useFakeTimers({ now: Date.parse('2027-03-03T06:00:00Z'), advanceTimers: true });
  try {
    const user = userEvent.setup({ advanceTimers: jest.advanceTimersByTime });
    const since = await screen.findByLabelText('Details confirmed since');
    fireEvent.change(since, { target: { value: '2027-03-03' } });
    expect(since).toHaveAttribute('max', '2027-03-02');
    await user.click(screen.getByRole('button', { name: 'Save settings' }));
    await waitFor(() => expect(since).toHaveAccessibleDescription(/must be today or earlier \(America\/Denver\)/));
    expect(saved).toEqual([]);
  } finally {
    jest.useRealTimers();
  }
});
