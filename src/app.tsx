import { useSubscription } from 'observable-hooks';
import { type ReactNode, Suspense, useEffect } from 'react';
import { I18nextProvider } from 'react-i18next';
import { BrowserRouter, Navigate, Route, Routes, useLocation, useNavigate } from 'react-router-dom';
import { EMPTY } from 'rxjs';
import { canAccessAdminTab, canUseMobile } from '../streams/permissions';
import { useMobileDevice, useUser } from './hooks/app-state';
import { PermissionProvider, useOpenConsoles, usePermission } from './hooks/permissions';
import { i18n } from './i18n/i18n';
import type { Chunk } from './routes/chunk';
import { resolveRoute, type ScreenName } from './routes/guards';
import { LazyScreen, LoadingPlaceholder } from './routes/lazy-screen';
import { framed, preloadScreen, screenChunks, shellChunk } from './routes/screens';
import LoginScreen from './screens/login/login-screen';
import { type Services, ServicesProvider, useServices } from './services';
import { AccessDenied, AdminDenied, ConsoleDenied } from './shell/access-denied';
import { ToastProvider } from './ui/toasts';

/** Route patterns; every one renders the gate, which applies SPEC 2's table. */
const patterns = [
  '/login',
  '/change-password',
  '/dashboard',
  '/dashboard/inventory',
  '/mobile/operator/*',
  '/printer-config',
  '/nimda',
  '/sorting',
  '/kleinpak',
  '/logistics',
  '/admin-refresh',
  '/admin',
  '/',
  '*',
];

function Screen({ screen }: { screen: ScreenName }) {
  if (screen === 'login') return <LoginScreen />;
  if (screen === 'access-denied') return <AccessDenied />;
  if (screen === 'admin-denied' || screen === 'console-denied')
    return <Framed>{screen === 'admin-denied' ? <AdminDenied /> : <ConsoleDenied />}</Framed>;
  const chunk = screenChunks[screen];
  return framed(screen) ? <Framed chunk={chunk} /> : <LazyScreen chunk={chunk} />;
}

/**
 * A screen (its lazy chunk, or `children`) in the frame of the signed-in screens, whose code loads
 * with the first of them, since the sign-in screen has no use for it. The screen's code loads
 * beside the frame's, not after it.
 */
function Framed({ chunk, children }: { chunk?: Chunk; children?: ReactNode }) {
  useSubscription(chunk?.state$ ?? EMPTY);
  return <LazyScreen chunk={shellChunk}>{chunk ? <LazyScreen chunk={chunk} /> : children}</LazyScreen>;
}

/** Resolves the current path through the guards: renders its screen or replaces the URL with the target. */
function Gate() {
  const services = useServices();
  const { session } = services;
  const permissions = usePermission();
  const location = useLocation();
  const user = useUser();
  const mobileDevice = useMobileDevice();
  const consoles = useOpenConsoles();
  const path = location.pathname + location.search;
  const target = resolveRoute(path, {
    signedIn: user !== null,
    firstLogin: !!user?.first_login,
    mobileDevice,
    mobileAccess: canUseMobile(permissions),
    adminArea: canAccessAdminTab(permissions),
    consoles,
    lastPath: session.preferences.lastLocation(),
  });
  const shown = target.path === path || target.screen === 'access-denied';
  useEffect(() => services.showPath(location.pathname), [services, location.pathname]);
  useEffect(() => {
    // a refusal is no place to come back to
    if (shown && !['access-denied', 'admin-denied', 'console-denied'].includes(target.screen))
      session.preferences.saveLastLocation(path);
  }, [shown, target.screen, path, session]);
  // the mobile rule needs the permissions: wait for them rather than redirect on a guess
  // (the login screen stays: it waits for them itself to check the new user's access), loading
  // meanwhile the code of the screen asked for, which the guess most often is
  const waiting = user !== null && permissions.loading && target.screen !== 'login';
  useEffect(() => {
    if (waiting) preloadScreen(target.screen);
  }, [waiting, target.screen]);
  if (waiting) return <LoadingPlaceholder />;
  return shown ? <Screen screen={target.screen} /> : <Navigate to={target.path} replace />;
}

/** Follows the session's own navigation (session expired → /login?expired=1, logout → /login). */
function SessionNavigation() {
  const { session } = useServices();
  const navigate = useNavigate();
  useSubscription(session.navigation$, (to) => navigate(to, { replace: true }));
  return null;
}

/** The routes of the app, inside whatever router the caller gives. */
export function AppRoutes() {
  return (
    <>
      <SessionNavigation />
      <Routes>
        {patterns.map((p) => (
          <Route key={p} path={p} element={<Gate />} />
        ))}
      </Routes>
    </>
  );
}

/** The services, permissions and toasts every screen reads, around whatever router the caller gives. */
export function AppProviders({ services, children }: { services: Services; children: ReactNode }) {
  return (
    <ServicesProvider services={services}>
      <I18nextProvider i18n={i18n}>
        {/* main.tsx renders once the language's catalogues are in: nothing waits here but a namespace loaded late */}
        <Suspense fallback={null}>
          <PermissionProvider permissions$={services.permissions$}>
            <ToastProvider store={services.toasts}>{children}</ToastProvider>
          </PermissionProvider>
        </Suspense>
      </I18nextProvider>
    </ServicesProvider>
  );
}

/** The whole app over its services. */
export function App({ services }: { services: Services }) {
  return (
    <AppProviders services={services}>
      {/* without transitions a session redirect and the sign-out it follows render together */}
      <BrowserRouter useTransitions={false}>
        <AppRoutes />
      </BrowserRouter>
    </AppProviders>
  );
}
