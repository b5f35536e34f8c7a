import { lazy, Suspense, useSyncExternalStore } from 'react';
import { subscribeToToastRequests, toastsRequested } from './toasts';
import { loadChunk } from './stale-build';

// Mantine's notifications container (with its drag, transition and scroll-lock code, 10 kB) is not
// needed until a toast is shown: loaded with the first one (docs/decisions/0010).
const Notifications = lazy(() => loadChunk(() => import('./toast-container')));

/** Where toasts appear; renders nothing until the first toast. */
export function ToastHost() {
  const requested = useSyncExternalStore(subscribeToToastRequests, toastsRequested, () => false);
  if (!requested) return null;
  return (
    <Suspense fallback={null}>
      <Notifications />
    </Suspense>
  );
}
