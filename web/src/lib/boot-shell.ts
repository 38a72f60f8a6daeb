/**
 * The boot shell: index.html paints the app's frame (header, sidebar, bottom bar and grey
 * placeholders) over the page while its code downloads, for a gardener with a stored session,
 * so a phone on a slow network shows Garden at once instead of a blank screen (issue #27 item
 * 5). It covers whatever React draws until the first real screen is committed: the session's
 * gate (the page, the sign-in redirect, the unreachable-server screen) or the route's error
 * page takes it away in the same frame (a layout effect), so nothing moves under it.
 */
export function dropBootShell(): void {
  if (typeof document === 'undefined') return;
  document.getElementById('boot-shell')?.remove();
  delete document.documentElement.dataset.boot;
}
