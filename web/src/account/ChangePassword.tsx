// Amplify UI's change-password form, themed from the MUI theme so it looks like the rest of the portal.
import { AccountSettings, ThemeProvider, type Theme as AmplifyTheme } from '@aws-amplify/ui-react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import { useTheme, type Theme } from '@mui/material/styles';
import { useMemo, useState, type ReactNode } from 'react';
import { useToast } from '../layout/toast';
// Amplify configured before its form calls the user pool (it is, once someone is signed in).
import '../api/amplify';
// Only the styles this form uses: the whole Amplify UI sheet is several times larger.
import '@aws-amplify/ui-react/styles/base.css';
import '@aws-amplify/ui-react/styles/_fieldControl.css';
import '@aws-amplify/ui-react/styles/button.css';
import '@aws-amplify/ui-react/styles/field.css';
import '@aws-amplify/ui-react/styles/fieldGroup.css';
import '@aws-amplify/ui-react/styles/fieldMessages.css';
import '@aws-amplify/ui-react/styles/flex.css';
import '@aws-amplify/ui-react/styles/icon.css';
import '@aws-amplify/ui-react/styles/input.css';
import '@aws-amplify/ui-react/styles/passwordField.css';
import '@aws-amplify/ui-react/styles/text.css';
import '@aws-amplify/ui-react/styles/textField.css';
import '@aws-amplify/ui-react/styles/visuallyHidden.css';

function amplifyTheme({ palette, shape, typography }: Theme): AmplifyTheme {
  const radius = { value: `${shape.borderRadius}px` };
  return {
    name: 'portal',
    tokens: {
      fonts: { default: { variable: { value: typography.fontFamily! }, static: { value: typography.fontFamily! } } },
      colors: {
        brand: {
          primary: {
            10: { value: palette.primary.light },
            80: { value: palette.primary.main },
            90: { value: palette.primary.dark },
            100: { value: palette.primary.dark },
          },
        },
        font: { primary: { value: palette.text.primary }, secondary: { value: palette.text.secondary } },
        border: { focus: { value: palette.primary.main } },
      },
      radii: { small: radius, medium: radius },
      components: {
        button: { borderRadius: radius, fontWeight: { value: typography.button.fontWeight as number } },
        fieldcontrol: { borderRadius: radius, _focus: { borderColor: { value: palette.primary.main } } },
      },
    },
  };
}

// The form's button and error are the portal's own, so they match every other screen.
const components = {
  SubmitButton: ({ isDisabled, children }: { isDisabled?: boolean; children?: ReactNode }) => (
    <Button type="submit" variant="contained" size="large" disabled={isDisabled}>
      {children}
    </Button>
  ),
  ErrorMessage: ({ children }: { children: ReactNode }) => <Alert severity="error">{children}</Alert>,
};

export function ChangePassword() {
  const muiTheme = useTheme();
  const show = useToast();
  const theme = useMemo(() => amplifyTheme(muiTheme), [muiTheme]);
  // A new form after each change, so the passwords do not stay in the fields.
  const [changes, setChanges] = useState(0);
  const changed = () => {
    show({ severity: 'success', summary: 'Success', detail: 'Your password is changed.' });
    setChanges((count) => count + 1);
  };
  return (
    <ThemeProvider theme={theme}>
      <AccountSettings.ChangePassword
        key={changes}
        components={components}
        displayText={{ updatePasswordButtonText: 'Change Password' }}
        onSuccess={changed}
      />
    </ThemeProvider>
  );
}
