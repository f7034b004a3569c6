// An e-mail address in a narrow column offers breaks after its "@" and before its dots, not inside its words.
import { render } from '@testing-library/react';
import { EmailText } from '../../web/src/layout/EmailText';

test('an address wraps after the @ and before each dot, and reads as the whole address', () => {
  const { container } = render(<EmailText>{'pat.doe@example.org, sam@example.org'}</EmailText>);
  const text = container.firstElementChild!;
  expect(text.textContent).toBe('pat.doe@example.org, sam@example.org');
  expect(text.innerHTML.split('<wbr>')).toEqual(['pat', '.doe@', 'example', '.org, sam@', 'example', '.org']);
});
