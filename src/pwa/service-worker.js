// The app's service worker, so the phone opens the app without network after a first visit.
// The build (scripts/pwa-plugin.ts) puts the list of the build's files and its version in place
// of the two constants below. Everything comes from the app's own origin (the server's CSP).
/// <reference lib="webworker" />

const version = 'dev';
const precache = [];
const shell = '/index.html';
const cacheName = `tomato-shell-${version}`;

self.addEventListener('install', (event) => {
  event.waitUntil(
    caches
      .open(cacheName)
      .then((cache) => cache.addAll([shell, ...precache]))
      .then(() => self.skipWaiting()),
  );
});

self.addEventListener('activate', (event) => {
  event.waitUntil(
    caches
      .keys()
      .then((names) =>
        Promise.all(
          names.filter((n) => n.startsWith('tomato-shell-') && n !== cacheName).map((n) => caches.delete(n)),
        ),
      )
      .then(() => self.clients.claim()),
  );
});

self.addEventListener('fetch', (event) => {
  const { request } = event;
  const url = new URL(request.url);
  // the API is never cached: live data comes from the server, and changes wait in the phone's queue
  if (request.method !== 'GET' || url.origin !== self.location.origin || url.pathname.startsWith('/api/'))
    return;
  if (request.mode === 'navigate') {
    // a page: the server's newest app when it answers, the kept one when there is no network
    event.respondWith(
      fetch(request).catch(() => caches.match(shell, { cacheName }).then((kept) => kept ?? Response.error())),
    );
    return;
  }
  // the build's files have content-hashed names: a kept copy is always the right one
  event.respondWith(caches.match(request, { cacheName }).then((kept) => kept ?? fetch(request)));
});
