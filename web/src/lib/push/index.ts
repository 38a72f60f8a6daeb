export { isPushSupported, isMobileDevice, pushPermission, requestPushPermission } from './support';
export type { PushPermission } from './support';
export {
  SERVICE_WORKER_URL,
  SERVICE_WORKER_RETRY_MS,
  SERVICE_WORKER_TIMEOUT_MS,
  registerServiceWorker,
  waitForServiceWorker,
  onServiceWorkerMessage,
  readServiceWorkerMessage,
} from './service-worker';
export type { ServiceWorkerMessage } from './service-worker';
export {
  PushUnavailableError,
  base64UrlToUint8Array,
  currentSubscription,
  subscribeToPush,
  subscriptionData,
  unsubscribeFromPush,
  usesKey,
} from './subscription';
export { currentDeviceInfo, deviceName } from './device';
export { mobileSettingsHint, PUSH_TOASTS } from './messages';
export { usePushPermission } from './use-push-permission';
export { registrationBody, useEnablePush } from './use-enable-push';
export type { EnablePushResult } from './use-enable-push';
