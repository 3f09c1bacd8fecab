import './ui/global.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { BehaviorSubject } from 'rxjs';
import { createSession } from '../streams/session';
import { App } from './app';
import {
  browserConnection,
  browserDevice,
  browserOnline,
  browserPage,
  browserQueueStorage,
  browserScaleFeed,
  browserSessionDeps,
  browserViewport$,
} from './deps';
import { bindLanguage } from './i18n/bind';
import { idbKeptSnapshots } from './offline/idb-storage';
import { registerServiceWorker } from './pwa/register';
import { createServices } from './services';
import { isMobileDevice } from './ui/layout/viewport';

const deps = browserSessionDeps(window);
const session = createSession(deps);
const path = new BehaviorSubject(window.location.pathname);
const services = createServices(session, {
  viewport$: browserViewport$(window),
  userAgent: navigator.userAgent,
  maxTouchPoints: navigator.maxTouchPoints,
  connection: (user$) => browserConnection(window, deps, session, user$, path),
  random: deps.random,
  // a phone may start without network: it shows the location's last known data meanwhile
  kept: isMobileDevice(navigator) ? idbKeptSnapshots() : undefined,
  storage: deps.storage.local,
  showPath: (p) => path.next(p),
  languages: navigator.languages,
  page: browserPage(window),
  online: browserOnline(window),
  scaleFeed: browserScaleFeed(window, deps),
  device: browserDevice(window),
  scheduler: deps.scheduler,
  queueStorage: browserQueueStorage(window),
});

registerServiceWorker(window);
// a promise, not a top-level await: an entry module that awaits has its shared code split off
// into more chunks, each compressed on its own
void bindLanguage(services).then(() =>
  createRoot(document.getElementById('root')!).render(
    <StrictMode>
      <App services={services} />
    </StrictMode>,
  ),
);
