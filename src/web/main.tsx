import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router';
// Only what the first load shows (ADR 0018): the rest comes with the chunks that use it.
import './styles/fonts.css';
import './styles/first-load.css';
import './styles.css';
import './print.css';
import { Providers, createQueryClient } from './providers';
import { createRouter } from './router';
import { currentLocale, loadCatalog } from './i18n';

// docs/SPEC.md §7: a service worker left by an earlier version of the app is unregistered.
void navigator.serviceWorker?.getRegistrations().then((registrations) => {
  for (const registration of registrations) void registration.unregister();
});

const router = createRouter();
const queryClient = createQueryClient();

// The kept language's messages before the first screen (French is in the first load; English is fetched). Should
// that fetch fail (an old tab after a deploy, a dropped connection), the app still starts, its words in French.
void loadCatalog(currentLocale())
  .catch(() => undefined)
  .then(() =>
    createRoot(document.getElementById('root')!).render(
      <StrictMode>
        <Providers queryClient={queryClient}>
          <RouterProvider router={router} />
        </Providers>
      </StrictMode>,
    ),
  );
