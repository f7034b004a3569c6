// Toasts: a Message (severity, summary, detail, life) shown top right. notistack and the toast itself load with the first toast,
// so a visit that never shows one never downloads them.
import { createContext, Suspense, useCallback, useContext, useState, type ReactNode } from 'react';
import { lazily } from './lazily';
import type { Message } from './toastMessage';

const ToastStack = lazily(() => import('./ToastStack'), 'ToastStack');

const ToastContext = createContext<((message: Message) => void) | undefined>(undefined);

/** The toast area of every screen: top right, 25rem wide, each toast 3000 ms unless it says otherwise. */
export function ToastArea({ children }: { children: ReactNode }) {
  // Messages not yet handed to notistack; undefined until the first one.
  const [waiting, setWaiting] = useState<Message[]>();
  const show = useCallback((message: Message) => setWaiting((queue = []) => [...queue, message]), []);
  const shown = useCallback(
    (messages: Message[]) => setWaiting((queue = []) => queue.filter((message) => !messages.includes(message))),
    [],
  );
  return (
    <ToastContext.Provider value={show}>
      {children}
      {waiting && (
        <Suspense>
          <ToastStack waiting={waiting} onShown={shown} />
        </Suspense>
      )}
    </ToastContext.Provider>
  );
}

/** `const show = useToast(); show({ severity: 'success', summary: 'Success', detail: 'Logged in!' })`. */
export function useToast(): (message: Message) => void {
  const show = useContext(ToastContext);
  if (!show) throw new Error('useToast is used outside <ToastArea>.');
  return show;
}
