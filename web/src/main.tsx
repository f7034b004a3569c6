import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './App';
import { loadRuntimeConfig } from './runtimeConfig';

const root = createRoot(document.getElementById('root')!);

loadRuntimeConfig()
  .then(() => {
    root.render(
      <StrictMode>
        <App />
      </StrictMode>,
    );
  })
  .catch(() => {
    root.render(<p role="alert">The portal could not load its configuration. Please reload the page in a moment.</p>);
  });
