// The class day as an installable web app that opens without signal: its manifest (web/public/class-day.webmanifest)
// and its service worker (/sw.js, which web/vite.config.ts has vite-plugin-pwa build), both brought in by the
// instructor pages alone: a family's or an administrator's page gets neither, nor workbox-window's code.
import { useEffect } from 'react';

let brought = false;

/** Links the class day's manifest and registers its service worker, once a page load. */
export function useInstallableClassDay(): void {
  useEffect(() => {
    if (brought) return;
    brought = true;
    const manifest = document.createElement('link');
    manifest.rel = 'manifest';
    manifest.href = '/class-day.webmanifest';
    document.head.append(manifest);
    if (!('serviceWorker' in navigator)) return;
    void import('workbox-window').then(({ Workbox }) => {
      const worker = new Workbox('/sw.js', { scope: '/' });
      worker.addEventListener('controlling', (event) => {
        // A new deploy's worker took over and keeps the new build only: the page reloads into it, so what it loads
        // on demand later is there at a trailhead. The marks made are kept on the phone: a reload loses none.
        if (event.isUpdate) window.location.reload();
        // The first worker: this page read /config.json before it was there, so the worker reads it now (Workbox's
        // own message) and keeps it for the app to start without signal.
        else void worker.messageSW({ type: 'CACHE_URLS', payload: { urlsToCache: ['/config.json'] } });
      });
      // Without a worker (the browser refused it) the class day still works wherever there is signal.
      return worker.register().catch(() => undefined);
    });
  }, []);
}
