// What a toast says and how long it stays: shared by the toast area (./toast) and the stack it loads with the first
// toast (./ToastStack).
export interface Message {
  severity: 'success' | 'info' | 'warn' | 'error';
  summary?: string;
  detail: string;
  /** How long it stays, in milliseconds. */
  life?: number;
  /** Names the toast: another with the same key is not shown while this one is. */
  key?: string;
  /** Every toast has a close button unless this is false. */
  closable?: boolean;
}

/** How long a toast stays unless it says otherwise, in milliseconds. */
export const TOAST_LIFE = 3000;
