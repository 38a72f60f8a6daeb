/**
 * Full page loads. Kept in one module so tests can replace it (jsdom cannot navigate).
 */
export const pageNavigation = {
  /** Loads the given path as a new document (used after sign-in, spec 01 §4). */
  assign(path: string): void {
    window.location.assign(path);
  },
  /** Reloads the current document. */
  reload(): void {
    window.location.reload();
  },
};
