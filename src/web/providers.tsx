import { useMemo, type ReactNode } from 'react';
import {
  CloseButton,
  MantineProvider,
  createTheme,
  defaultVariantColorsResolver,
  type CloseButtonProps,
  type VariantColorsResolver,
} from '@mantine/core';
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

/**
 * A subtle button's text (shade 9) on its hover background (shade 2) is 4.0:1, under WCAG AA's 4.5:1, and
 * the pointer rests on the button just clicked ("Afficher les changements"): hovered, it takes shade 1 (4.9:1).
 */
const readableSubtleHover: VariantColorsResolver = (input) => {
  const colors = defaultVariantColorsResolver(input);
  return input.variant === 'subtle' ? { ...colors, hover: colors.hover.replace(/-light-hover\)$/, '-light)') } : colors;
};

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
        variantColorResolver: readableSubtleHover,
        components: {
          CloseButton: CloseButton.extend({
            defaultProps: { 'aria-label': t('common.close') } as Partial<CloseButtonProps>,
          }),
          // The focus placeholder Mantine puts first in an open menu is a focusable "presentation" div,
          // which a menu may not contain (axe aria-required-children): focus goes to the first item instead.
          // A plain entry, not Menu.extend: importing Menu here put menus and popovers on the sign-in page.
          Menu: { defaultProps: { withInitialFocusPlaceholder: false } },
          // A dialog's or drawer's title bar is a <header>, which axe reads as a second page banner beside the
          // app's (landmark-no-duplicate-banner): a plain box, the dialog is named by its title already.
          ModalHeader: { defaultProps: { component: 'div' } },
          DrawerHeader: { defaultProps: { component: 'div' } },
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
