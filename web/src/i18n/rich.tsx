import { cloneElement, Fragment, type ReactElement, type ReactNode } from 'react';

/**
 * A message with numbered tags, "We sent a code to <0>{email}</0>.", as React nodes: each <n>…</n> wraps its text
 * in the nth element. Translators move the tags with the words; the markup stays in the code.
 */
export function rich(message: string, elements: ReactElement<{ children?: ReactNode }>[]): ReactNode[] {
  return message.split(/(<\d+>.*?<\/\d+>)/).map((part, index) => {
    const tagged = /^<(\d+)>(.*?)<\/\1>$/.exec(part);
    const element = tagged && elements[Number(tagged[1])];
    return element ? cloneElement(element, { key: index }, tagged[2]) : <Fragment key={index}>{part}</Fragment>;
  });
}
