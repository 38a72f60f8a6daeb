import { readStored, writeStored } from './local-storage';

/**
 * A gardener's success — a plant added, a task completed, a plant watered — is when the app
 * may ask for something in return (issue 27: the notification prompt waits for one). The
 * writes that are successes call noteGardenSuccess; the prompt listens.
 */
export const GARDEN_SUCCESS_EVENT = 'garden:success';

/** The stored flag: a success happened and the prompt has not been answered since. */
export const SUCCESS_KEY = 'notificationPromptEarned';

/** noteGardenSuccess records a success and tells whoever listens. */
export function noteGardenSuccess(): void {
  writeStored(SUCCESS_KEY, 'true');
  window.dispatchEvent(new Event(GARDEN_SUCCESS_EVENT));
}

/** hadGardenSuccess: a success was recorded (on this browser) and not used since. */
export function hadGardenSuccess(): boolean {
  return readStored(SUCCESS_KEY) === 'true';
}
