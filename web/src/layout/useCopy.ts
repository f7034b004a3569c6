// Copying a read-only field's text (a calendar address, a second factor's setup key) with a toast that says so;
// where the browser refuses the clipboard, the field's text is selected for Ctrl+C instead.
import { useRef } from 'react';
import { i18n } from '../i18n/common';
import { useToast } from './toast';

/**
 * `name`: what the field holds, as the toasts say it, in the reader's language, lower case and with no article
 * ("calendar address" / "dirección del calendario"). Put `field` on the field's input.
 */
export function useCopy(name: string) {
  const show = useToast();
  const field = useRef<HTMLInputElement>(null);
  const copy = async (text: string) => {
    try {
      await navigator.clipboard.writeText(text);
      show({ severity: 'success', detail: i18n._('common.copy.done', { name }) });
    } catch {
      field.current?.select();
      show({
        severity: 'warn',
        detail: i18n._('common.copy.refused', { name }),
      });
    }
  };
  return { field, copy };
}
