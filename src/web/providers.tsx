import { useMemo, type ReactNode } from 'react';
import { CloseButton, MantineProvider, createTheme, type CloseButtonProps } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { ConfirmProvider } from './components/confirm-dialog';
import { ToastHost } from './components/toast-host';
import { useTranslation } from './i18n';
import { SessionProvider } from './session/session';

/** Mantine's default error red is 4.4:1 on white; field messages need 4.5:1 (axe, WCAG AA). */
const darkerErrorText = () => ({
  variables: {},
  light: { '--mantine-color-error': 'var(--mantine-color-red-8)' },
  dark: {},
});

/** The theme depends on the language: every close button (modals, drawer, toasts) is named in it. */
function ThemedMantine({ children }: { children: ReactNode }) {
  const { t, i18n } = useTranslation();
  const theme = useMemo(
    () =>
      createTheme({
        primaryColor: 'blue',
        // Darker shades keep text on filled buttons above the WCAG AA contrast ratio.
        primaryShade: 8,
        fontFamily: 'Inter, system-ui, sans-serif',
        components: {
          CloseButton: CloseButton.extend({
            defaultProps: { 'aria-label': t('common.close') } as Partial<CloseButtonProps>,
          }),
          // The focus placeholder Mantine puts first in an open menu is a focusable "presentation" div,
          // which a menu may not contain (axe aria-required-children): focus goes to the first item instead.
          // A plain entry, not Menu.extend: importing Menu here put menus and popovers on the sign-in page.
          Menu: { defaultProps: { withInitialFocusPlaceholder: false } },
        },
      }),
    // t changes identity with the language.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [i18n.language],
  );
  return (
    <MantineProvider theme={theme} cssVariablesResolver={darkerErrorText}>
      {children}
    </MantineProvider>
  );
}

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
    <ThemedMantine>
      <ToastHost />
      <QueryClientProvider client={queryClient}>
        <SessionProvider>
          <ConfirmProvider>{children}</ConfirmProvider>
        </SessionProvider>
      </QueryClientProvider>
    </ThemedMantine>
  );
}
