import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './App';
import { i18n, startLanguage } from './i18n/i18n';
import { loadRuntimeConfig } from './runtimeConfig';

const root = createRoot(document.getElementById('root')!);

// The family's language loads beside the configuration, so the first render is already in it; a catalogue that
// fails to load leaves the page in English rather than blank. A configuration that fails to load is said in the
// family's language once it is loaded (the start's English is there from the first line).
const language = startLanguage().catch(() => undefined);
Promise.all([loadRuntimeConfig(), language])
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
  .catch(async () => {
    await language;
    root.render(<p role="alert">{i18n._('start.configFailure')}</p>);
  });
