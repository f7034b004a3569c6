// Amplify UI's change-password form, themed from the MUI theme so it looks like the rest of the portal.
import { AccountSettings, ThemeProvider, type Theme as AmplifyTheme } from '@aws-amplify/ui-react';
import { useTheme, type Theme } from '@mui/material/styles';
import { useMemo } from 'react';
import { useToast } from '../layout/toast';
// Only the styles this form uses: the whole Amplify UI sheet is several times larger.
import '@aws-amplify/ui-react/styles/base.css';
import '@aws-amplify/ui-react/styles/_fieldControl.css';
import '@aws-amplify/ui-react/styles/alert.css';
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
        brand: { primary: { 10: { value: palette.primary.light }, 80: { value: palette.primary.main }, 90: { value: palette.primary.dark }, 100: { value: palette.primary.dark } } },
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

export function ChangePassword() {
  const muiTheme = useTheme();
  const show = useToast();
  const theme = useMemo(() => amplifyTheme(muiTheme), [muiTheme]);
  return (
    <ThemeProvider theme={theme}>
      <AccountSettings.ChangePassword
        displayText={{ updatePasswordButtonText: 'Change Password' }}
        onSuccess={() => show({ severity: 'success', summary: 'Success', detail: 'Your password is changed.' })}
      />
    </ThemeProvider>
  );
}
