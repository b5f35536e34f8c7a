import { Notifications } from '@mantine/notifications';

/** Mantine's notifications container, in its own chunk (toast-host.tsx). */
export default function ToastContainer() {
  return <Notifications position="top-right" />;
}
