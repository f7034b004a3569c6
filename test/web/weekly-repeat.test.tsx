// Class Management's "Repeat weekly" dialog: the meetings it adds fall only on the weekdays the administrator
// chose. The first date's own weekday is not chosen for them, so choosing Thursday after a Tuesday first date
// gives Thursdays, never Tuesdays and Thursdays.
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Meeting } from '../../lambdas/contract/records';
import { WeeklyRepeatDialog } from '../../web/src/admin/classes/WeeklyRepeatDialog';

const TUESDAY = '2031-06-03';
const weekday = (date: string) => new Date(`${date}T00:00:00Z`).getUTCDay();

test('given a Tuesday first date, when the administrator chooses Thursday, then every meeting added is on a Thursday', async () => {
  const user = userEvent.setup();
  const onAdd = jest.fn<void, [Meeting[]]>();
  render(<WeeklyRepeatDialog firstDate={TUESDAY} start="16:00" end="17:30" onAdd={onAdd} onClose={() => {}} />);

  await user.click(screen.getByRole('button', { name: /^Thursday/ }));
  await user.clear(screen.getByRole('spinbutton', { name: 'Number of meetings' }));
  await user.type(screen.getByRole('spinbutton', { name: 'Number of meetings' }), '4');
  await user.click(screen.getByRole('button', { name: 'Add 4 meetings' }));

  const meetings = onAdd.mock.calls[0]![0];
  expect(meetings.map((meeting) => meeting.date)).toEqual(['2031-06-05', '2031-06-12', '2031-06-19', '2031-06-26']);
  expect(meetings.every((meeting) => weekday(meeting.date) === 4)).toBe(true);
});

test('given no weekday chosen yet, then the dialog adds nothing and asks for the days', () => {
  render(<WeeklyRepeatDialog firstDate={TUESDAY} start="16:00" end="17:30" onAdd={() => {}} onClose={() => {}} />);
  expect(screen.getByRole('button', { name: 'Add meetings' })).toBeDisabled();
  expect(screen.getByRole('status')).toHaveTextContent(
    'Choose a first date, the days, the times and when the repeat ends.',
  );
});
