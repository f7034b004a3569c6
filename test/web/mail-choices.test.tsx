// Manage Account → E-mails: each guardian's own choices, the class day's check-out e-mails among them; what is
// saved is exactly what the boxes say.
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MailPreferencesSection } from '../../web/src/account/MailPreferencesSection';
import { answeringCalls, renderAsAdmin } from '../support/adminScreen';

const CHECK_OUTS = /When an instructor checks a child out at the end of a class/;

let saved: unknown[];
beforeEach(async () => {
  saved = [];
  const optional = { enrollmentChanges: true, reminders: true, announcements: false, checkOuts: true };
  answeringCalls((name, payload) => {
    if (name !== 'saveMailPreferences') return { optional, addresses: [] };
    saved.push(payload);
    return { optional: payload };
  });
  await renderAsAdmin(<MailPreferencesSection />);
});

test('the check-out e-mails are a choice of their own, shown as saved and saved as chosen', async () => {
  const checkOuts = await screen.findByRole('checkbox', { name: CHECK_OUTS });
  expect(checkOuts).toBeChecked();
  expect(screen.getByRole('checkbox', { name: /Messages from the programme/ })).not.toBeChecked();
  await userEvent.click(checkOuts);
  await userEvent.click(screen.getByRole('button', { name: 'Save e-mail choices' }));
  await screen.findByText('Your e-mail choices are saved.');
  expect(saved).toEqual([{ enrollmentChanges: true, reminders: true, announcements: false, checkOuts: false }]);
});
