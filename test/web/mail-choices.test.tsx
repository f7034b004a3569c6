// Manage Account → E-mails: each guardian's own choices, the class day's check-out e-mails among them; what is
// saved is exactly what the boxes say.
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MailPreferencesSection } from '../../web/src/account/MailPreferencesSection';
import { renderAsAdmin, TEST_RUNTIME } from '../support/adminScreen';

const CHECK_OUTS = /When an instructor checks a child out at the end of a class/;

let saved: unknown[];
beforeEach(async () => {
  saved = [];
  const optional = { enrollmentChanges: true, reminders: true, announcements: false, checkOuts: true };
  globalThis.fetch = jest.fn(async (url: string, init?: RequestInit) => {
    if (url === '/config.json') return { ok: true, status: 200, json: async () => TEST_RUNTIME } as Response;
    const body = init?.body ? JSON.parse(String(init.body)) : undefined;
    if (url === '/api/fn/saveMailPreferences') saved.push(body);
    const data = url === '/api/fn/saveMailPreferences' ? { optional: body } : { optional, addresses: [] };
    return { ok: true, status: 200, json: async () => ({ data }) } as Response;
  }) as typeof fetch;
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
