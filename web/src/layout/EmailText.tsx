// E-mail addresses in a narrow column wrap after the "@" and before a dot ("pat.doe@" / "example" / ".org"),
// where a reader expects a break, and inside a word only when one part is still too long for the line.
import { Fragment } from 'react';

export function EmailText({ children }: { children: string }) {
  const parts = children.split(/(?<=@)|(?=\.)/);
  return (
    <span style={{ overflowWrap: 'break-word' }}>
      {parts.map((part, index) => (
        // The parts are in a fixed order for a given text: their place is their identity.
        <Fragment key={index}>
          {index > 0 && <wbr />}
          {part}
        </Fragment>
      ))}
    </span>
  );
}
