import { useObservableEagerState, useObservableState } from 'observable-hooks';
import { useServices } from '../services';
import { isMobileDevice } from '../ui/layout/viewport';
import type { LocationsState } from './locations';

/** The signed-in user, or null. */
export function useUser() {
  return useObservableEagerState(useServices().user$);
}

/** The measured viewport with its breakpoint, layout strategy and keyboard state. */
export function useViewport() {
  return useObservableEagerState(useServices().viewport$);
}

/** The forced-mobile-mode choice of this browser session, or null. */
export function useForcedMode() {
  return useObservableEagerState(useServices().session.preferences.forcedMobileMode$);
}

/**
 * Whether the app treats this device as mobile, for access and the route table: the forced-mode
 * choice, else the device (user agent and touch), never the window's width.
 */
export function useMobileDevice(): boolean {
  const { userAgent, maxTouchPoints = 0 } = useServices();
  const forced = useForcedMode();
  return forced ? forced === 'mobile' : isMobileDevice({ userAgent, maxTouchPoints });
}

/** The chosen location id, or null. */
export function useLocationId() {
  return useObservableEagerState(useServices().session.preferences.locationId$);
}

const loading: LocationsState = { status: 'loading' };

/** The signed-in user's locations. */
export function useLocations(): LocationsState {
  return useObservableState(useServices().locations.state$, loading);
}

/** The real-time connection state of the chosen location, for the badge. */
export function useConnectionState() {
  return useObservableState(useServices().connection$, null);
}

/** The connection's quality, last latency and errors in a row, for the badge's detail. */
export function useConnectionHealth() {
  return useObservableState(useServices().connectionHealth$, null);
}

/** The name of the chosen location, or null while it is not known. */
export function useChosenLocationName(): string | null {
  const locationId = useLocationId();
  const locations = useLocations();
  if (locations.status !== 'ready') return null;
  return locations.locations.find((l) => l.id === locationId)?.name ?? null;
}
