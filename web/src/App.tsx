import CssBaseline from '@mui/material/CssBaseline';
import { ThemeProvider } from '@mui/material/styles';
import { QueryClientProvider } from '@tanstack/react-query';
import { BrowserRouter, useRoutes } from 'react-router-dom';
import { queryClient } from './api/queries';
import { RemoteConfigProvider } from './layout/RemoteConfig';
import { ToastArea } from './layout/toast';
import { routes } from './routes';
import { theme } from './layout/theme';

function Routes() {
  return useRoutes(routes);
}

export function App() {
  return (
    <QueryClientProvider client={queryClient}>
      <ThemeProvider theme={theme}>
        <CssBaseline />
        <ToastArea>
          <RemoteConfigProvider>
            <BrowserRouter>
              <Routes />
            </BrowserRouter>
          </RemoteConfigProvider>
        </ToastArea>
      </ThemeProvider>
    </QueryClientProvider>
  );
}
