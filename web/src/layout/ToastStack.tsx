// The toasts themselves: notistack at the top right, each an MUI Alert 25rem wide with a close button.
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import GlobalStyles from '@mui/material/GlobalStyles';
import { SnackbarContent, SnackbarProvider, useSnackbar, type CustomContentProps } from 'notistack';
import { forwardRef, useEffect, useRef } from 'react';
import { HEADER_HEIGHT } from './Header';
import { TOAST_LIFE, type Message } from './toast';

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
  return (
    <SnackbarContent ref={ref} style={style} className={className}>
      <Alert
        severity={ALERT_SEVERITY[severity]}
        variant="filled"
        onClose={closable ? () => closeSnackbar(id) : undefined}
        sx={{ width: '25rem', maxWidth: '100%', boxShadow: 6 }}
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
// The toast area is at the top right just under the header, not over it: a toast there would cover the
// Menu and user buttons, and one under the pointer stays open (notistack pauses it on hover).
const toastAreaStyle = {
  [`.notistack-SnackbarContainer.${TOAST_AREA}`]: { top: `calc(var(${HEADER_HEIGHT}, 0px) + 8px)` },
};

export function ToastStack(props: { waiting: Message[]; onShown(messages: Message[]): void }) {
  return (
    <>
      <GlobalStyles styles={toastAreaStyle} />
      <SnackbarProvider
        maxSnack={4}
        anchorOrigin={{ vertical: 'top', horizontal: 'right' }}
        classes={{ containerAnchorOriginTopRight: TOAST_AREA }}
        Components={{ toast: Toast }}
      >
        <Enqueue {...props} />
      </SnackbarProvider>
    </>
  );
}
