/**
 * Registers the service worker of the built app (not under Vite's dev server, which serves
 * modules one by one: only there is `import.meta.hot` set, whatever NODE_ENV a build ran with).
 * Browsers allow one only on HTTPS or localhost: on a plain-HTTP LAN the app still works, just
 * not without network.
 */
export function registerServiceWorker(win: Window): void {
  if (import.meta.hot || !('serviceWorker' in win.navigator)) return;
  win.addEventListener('load', () => {
    win.navigator.serviceWorker.register('/sw.js').catch(() => {
      // no offline shell this time; the app itself works as before
    });
  });
}
