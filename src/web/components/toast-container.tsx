import { Notifications } from '@mantine/notifications';
import { useMediaQuery } from '@mantine/hooks';
// Styles of the toasts come with their chunk, not with the first load (ADR 0018).
import '@mantine/core/styles/Notification.css';
import '@mantine/notifications/styles.css';

/** Mantine's `sm` breakpoint: below it, a phone. */
const PHONE = '(max-width: 48em)';

/**
 * Mantine's notifications container, in its own chunk (toast-host.tsx). Top right on a wide screen; at the
 * bottom of a phone, where the whole width is theirs, so that they never cover a dialog's title and close
 * button at the top (read at once, not after a first render at the top).
 */
export default function ToastContainer() {
  const phone = useMediaQuery(PHONE, undefined, { getInitialValueInEffect: false });
  return <Notifications position={phone ? 'bottom-center' : 'top-right'} />;
}
