// The toasts themselves: notistack at the top right, each an MUI Alert 25rem wide with a close button; on a
// phone at the bottom, the width of the screen. They sit under every menu, drawer and dialog, never over one:
// a toast over the account menu, the admin sidebar or the enroll dialog hid what the person reached for next.
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import GlobalStyles from '@mui/material/GlobalStyles';
import type { Theme } from '@mui/material/styles';
import { SnackbarContent, SnackbarProvider, useSnackbar, type CustomContentProps } from 'notistack';
import { forwardRef, useEffect, useRef } from 'react';
import { useI18n } from '../i18n/i18n';
import { BELOW_HEADER } from './theme';
import { TOAST_LIFE, type Message } from './toastMessage';
import { useNarrow } from './useNarrow';

type ToastProps = Pick<Message, 'severity' | 'summary'> & { closable: boolean };

declare module 'notistack' {
  interface VariantOverrides {
    toast: ToastProps;
  }
}

const ALERT_SEVERITY = { success: 'success', info: 'info', warn: 'warning', error: 'error' } as const;

const Toast = forwardRef<HTMLDivElement, CustomContentProps & ToastProps>(function Toast(
  { id, message, severity, summary, closable, style, className },
  ref,
) {
  const { closeSnackbar } = useSnackbar();
  const { t } = useI18n();
  return (
    <SnackbarContent ref={ref} style={style} className={className}>
      <Alert
        severity={ALERT_SEVERITY[severity]}
        variant="filled"
        onClose={closable ? () => closeSnackbar(id) : undefined}
        closeText={t('start.toast.close')}
        sx={{ width: { xs: '100%', sm: '25rem' }, maxWidth: '100%', boxShadow: 6 }}
      >
        {summary && <AlertTitle>{summary}</AlertTitle>}
        {message}
      </Alert>
    </SnackbarContent>
  );
});

/** Hands the waiting messages to notistack, each once (a ref survives React's development double effects). */
function Enqueue({ waiting, onShown }: { waiting: Message[]; onShown(messages: Message[]): void }) {
  const { enqueueSnackbar } = useSnackbar();
  const handed = useRef(new WeakSet<Message>());
  useEffect(() => {
    for (const message of waiting) {
      if (handed.current.has(message)) continue;
      handed.current.add(message);
      const { severity, summary, detail, life, key, closable = true } = message;
      enqueueSnackbar(detail, {
        variant: 'toast',
        severity,
        summary,
        closable,
        autoHideDuration: life ?? TOAST_LIFE,
        key,
        preventDuplicate: key !== undefined,
      });
    }
    if (waiting.length) onShown(waiting);
  }, [waiting, onShown, enqueueSnackbar]);
  return null;
}

const TOAST_AREA = 'toast-area';
const PHONE_TOAST_AREA = 'phone-toast-area';
// Two classes each, so these win over notistack's own (one class each).
const toastAreaStyle = (theme: Theme) => ({
  [`.notistack-SnackbarContainer.${TOAST_AREA}, .notistack-SnackbarContainer.${PHONE_TOAST_AREA}`]: {
    // Above the header, below the drawers, menus and dialogs (all modals), so none of them is ever covered.
    zIndex: theme.zIndex.appBar + 1,
  },
  // The toast area is at the top right just under the header, not over it: a toast there would cover the
  // Menu and user buttons, and one under the pointer stays open (notistack pauses it on hover).
  [`.notistack-SnackbarContainer.${TOAST_AREA}`]: { top: BELOW_HEADER },
  // On a phone the header's buttons and the page's first lines are what a person reaches for next.
  [`.notistack-SnackbarContainer.${PHONE_TOAST_AREA}`]: {
    left: 8,
    right: 8,
    bottom: 8,
    width: 'auto',
    maxWidth: 'none',
    transform: 'none',
  },
});

export function ToastStack(props: { waiting: Message[]; onShown(messages: Message[]): void }) {
  const narrow = useNarrow();
  return (
    <>
      <GlobalStyles styles={toastAreaStyle} />
      <SnackbarProvider
        maxSnack={narrow ? 2 : 4}
        anchorOrigin={narrow ? { vertical: 'bottom', horizontal: 'center' } : { vertical: 'top', horizontal: 'right' }}
        classes={{ containerAnchorOriginTopRight: TOAST_AREA, containerAnchorOriginBottomCenter: PHONE_TOAST_AREA }}
        Components={{ toast: Toast }}
      >
        <Enqueue {...props} />
      </SnackbarProvider>
    </>
  );
}
