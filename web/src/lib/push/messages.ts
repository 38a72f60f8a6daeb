import type { ToastInput } from '@/components/ui/toast';

/** The notification toasts of spec 01 §8 and spec 02 §8, word for word. */
export const PUSH_TOASTS = {
  deviceRegistered: {
    title: 'Device registered',
    description: 'Your device is now registered for notifications.',
    variant: 'success',
  },
  registrationFailed: {
    title: 'Registration failed',
    description: 'Failed to register device for notifications.',
    variant: 'destructive',
  },
  deviceUnregistered: {
    title: 'Device unregistered',
    description: 'Your device has been unregistered from notifications.',
    variant: 'success',
  },
  unregistrationFailed: {
    title: 'Unregistration failed',
    description: 'Failed to unregister device from notifications.',
    variant: 'destructive',
  },
  enabled: {
    title: 'Notifications enabled!',
    description: "You'll now receive important plant care reminders and updates.",
    variant: 'success',
  },
  permissionDenied: {
    title: 'Permission denied',
    description: 'You can enable notifications later in your browser settings or the Settings page.',
    variant: 'destructive',
  },
  permissionFailed: {
    title: 'Notification permission failed',
    description: 'The browser could not ask for permission to show notifications. Please try again.',
    variant: 'destructive',
  },
} as const satisfies Record<string, ToastInput>;

/** The hint shown on phones and tablets (spec 01 §2). */
export const MOBILE_SETTINGS_HINT =
  'On mobile devices you may need to allow notifications for this site in your browser or system settings.';
