import type { ReactNode } from 'react';
import { MantineProvider, createTheme } from '@mantine/core';
import { Notifications } from '@mantine/notifications';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { I18nextProvider } from 'react-i18next';
import { ConfirmProvider } from './components/confirm-dialog';
import { i18n } from './i18n';
import { SessionProvider } from './session/session';

const theme = createTheme({
  primaryColor: 'blue',
  // Darker shades keep text on filled buttons above the WCAG AA contrast ratio.
  primaryShade: 8,
  fontFamily: 'Inter, system-ui, sans-serif',
});

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: { refetchOnWindowFocus: false, retry: 1, staleTime: 30_000 },
      mutations: { retry: false },
    },
  });
}

export function Providers({ children, queryClient }: { children: ReactNode; queryClient: QueryClient }) {
  return (
    <I18nextProvider i18n={i18n}>
      <MantineProvider theme={theme}>
        <Notifications position="top-right" />
        <QueryClientProvider client={queryClient}>
          <SessionProvider>
            <ConfirmProvider>{children}</ConfirmProvider>
          </SessionProvider>
        </QueryClientProvider>
      </MantineProvider>
    </I18nextProvider>
  );
}
