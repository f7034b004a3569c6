// E-mail header values (subject, sender and recipient) carry names people typed: a line break there would
// start a header of its own, so every control or direction-override character becomes a space.
const unsafeInHeader = /[\u0000-\u001f\u007f-\u009f\u2028\u2029\u202a-\u202e\u2066-\u2069]+/g;

/** The value as one safe header line. */
export function headerText(value: string): string {
  return value.replace(unsafeInHeader, ' ').trim();
}
