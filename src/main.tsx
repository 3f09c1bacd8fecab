import './ui/global.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { BehaviorSubject } from 'rxjs';
import { createSession } from '../streams/session';
import { App } from './app';
import { browserConnection, browserSessionDeps, browserViewport$ } from './deps';
import { registerServiceWorker } from './pwa/register';
import { createServices } from './services';

const deps = browserSessionDeps(window);
const session = createSession(deps);
const path = new BehaviorSubject(window.location.pathname);
const services = createServices(session, {
  viewport$: browserViewport$(window),
  userAgent: navigator.userAgent,
  maxTouchPoints: navigator.maxTouchPoints,
  connection: (user$) => browserConnection(window, deps, session, user$, path),
  random: deps.random,
  storage: deps.storage.local,
  showPath: (p) => path.next(p),
});

registerServiceWorker(window);

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <App services={services} />
  </StrictMode>,
);
