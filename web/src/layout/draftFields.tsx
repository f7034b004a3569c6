// A form's text fields, each bound to one field of the form's draft: its value, every change, and the field's
// problem under it (or its own help, `helperText`, while it has none). The portal's forms (a child, a class, the
// password, the configuration) make their fields with it, so a field reads and behaves the same in each.
import TextField, { type TextFieldProps } from '@mui/material/TextField';

export function draftFields<Name extends string>(
  valueIn: (name: Name) => string,
  change: (name: Name, value: string) => void,
  problemOf: (name: Name) => string | undefined,
) {
  return (name: Name, label: string, { helperText, ...props }: Partial<TextFieldProps> = {}) => (
    <TextField
      key={name}
      label={label}
      value={valueIn(name)}
      onChange={(event) => change(name, event.target.value)}
      error={!!problemOf(name)}
      helperText={problemOf(name) ?? helperText}
      fullWidth
      {...props}
    />
  );
}
