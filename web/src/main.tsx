import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './App';
import { startLanguage } from './i18n/i18n';
import { loadRuntimeConfig } from './runtimeConfig';

const root = createRoot(document.getElementById('root')!);

// The family's language loads beside the configuration, so the first render is already in it; a catalogue that
// fails to load leaves the page in English rather than blank.
Promise.all([loadRuntimeConfig(), startLanguage().catch(() => undefined)])
  .then(() => {
    // The first render is a transition: React draws the app in slices, so a phone can answer a tap meanwhile.
    startTransition(() =>
      root.render(
        <StrictMode>
          <App />
        </StrictMode>,
      ),
    );
  })
  .catch(() => {
    root.render(<p role="alert">The portal could not load its configuration. Please reload the page in a moment.</p>);
  });
