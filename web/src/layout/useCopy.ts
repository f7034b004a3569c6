// Copying a read-only field's text (a calendar address, a second factor's setup key) with a toast that says so;
// where the browser refuses the clipboard, the field's text is selected for Ctrl+C instead.
import { useRef } from 'react';
import { useToast } from './toast';

/** `name`: what the field holds, as the toasts say it ("calendar address"). Put `field` on the field's input. */
export function useCopy(name: string) {
  const show = useToast();
  const field = useRef<HTMLInputElement>(null);
  const copy = async (text: string) => {
    try {
      await navigator.clipboard.writeText(text);
      show({ severity: 'success', detail: `The ${name} is copied.` });
    } catch {
      field.current?.select();
      show({
        severity: 'warn',
        detail: `This browser did not allow copying: the ${name} is selected, copy it with Ctrl+C (⌘C on a Mac).`,
      });
    }
  };
  return { field, copy };
}
