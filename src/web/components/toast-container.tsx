import { Notifications } from '@mantine/notifications';
// Styles of the toasts come with their chunk, not with the first load (ADR 0018).
import '@mantine/core/styles/Notification.css';
import '@mantine/notifications/styles.css';

/** Mantine's notifications container, in its own chunk (toast-host.tsx). */
export default function ToastContainer() {
  return <Notifications position="top-right" />;
}
