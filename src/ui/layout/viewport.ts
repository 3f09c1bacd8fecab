import {
  asyncScheduler,
  debounceTime,
  defer,
  map,
  merge,
  type Observable,
  type SchedulerLike,
  scan,
  startWith,
  switchMap,
  timer,
} from 'rxjs';
import {
  keyboardOpenHeightDropPx,
  layoutRemeasureDebounceMs,
  mobileBreakpointPx,
  orientationRemeasureDelayMs,
  tabletBreakpointPx,
} from '../../../streams/config';

export type Size = { width: number; height: number };
/** Breakpoints of SPEC 2: xs under 480, sm under 768, md under 1024, lg under 1440, else xl. */
export type Breakpoint = 'xs' | 'sm' | 'md' | 'lg' | 'xl';
export type LayoutKind = 'mobile' | 'tablet' | 'desktop';
export type LayoutStrategy = {
  kind: LayoutKind;
  navigation: 'bottom' | 'collapsible-sidebar' | 'sidebar';
  maxModalLayers: number;
  pullToRefresh: boolean;
};
export type Viewport = Size & { breakpoint: Breakpoint; layout: LayoutStrategy; keyboardOpen: boolean };

/** The breakpoint a width falls in. */
export function breakpointOf(width: number): Breakpoint {
  if (width < 480) return 'xs';
  if (width < 768) return 'sm';
  if (width < 1024) return 'md';
  if (width < 1440) return 'lg';
  return 'xl';
}

const strategies: Record<LayoutKind, LayoutStrategy> = {
  mobile: { kind: 'mobile', navigation: 'bottom', maxModalLayers: 2, pullToRefresh: true },
  tablet: { kind: 'tablet', navigation: 'collapsible-sidebar', maxModalLayers: 3, pullToRefresh: false },
  desktop: { kind: 'desktop', navigation: 'sidebar', maxModalLayers: 5, pullToRefresh: false },
};

/** Mobile at 768 px or less, tablet up to 1024 px, else desktop (SPEC 2). */
export function layoutFor(width: number): LayoutStrategy {
  if (width <= mobileBreakpointPx) return strategies.mobile;
  if (width <= tabletBreakpointPx) return strategies.tablet;
  return strategies.desktop;
}

const mobileUserAgent = /Android|webOS|iPhone|iPad|iPod|BlackBerry|IEMobile|Opera Mini|Mobile/i;

/** A device counts as mobile when its user agent says so or its viewport is 768 px wide or less. */
export function isMobileDevice(userAgent: string, width: number): boolean {
  return mobileUserAgent.test(userAgent) || width <= mobileBreakpointPx;
}

type Acc = Viewport & { fullHeight: number };

/** Folds a measured size into the viewport, tracking the full height to tell an open keyboard. */
export function nextViewport(prev: Acc | null, size: Size): Acc {
  // A width change is a rotation or a resized window: the full height starts again.
  const fullHeight = prev && prev.width === size.width ? Math.max(prev.fullHeight, size.height) : size.height;
  return {
    ...size,
    fullHeight,
    breakpoint: breakpointOf(size.width),
    layout: layoutFor(size.width),
    keyboardOpen: fullHeight - size.height > keyboardOpenHeightDropPx,
  };
}

/**
 * The viewport, re-measured 100 ms after resizing stops and 300 ms after an orientation change
 * (the browser reports the new size late).
 */
export function viewport$(
  resize$: Observable<unknown>,
  orientationChange$: Observable<unknown>,
  measure: () => Size,
  scheduler: SchedulerLike = asyncScheduler,
): Observable<Viewport> {
  return defer(() =>
    merge(
      resize$.pipe(debounceTime(layoutRemeasureDebounceMs, scheduler)),
      orientationChange$.pipe(switchMap(() => timer(orientationRemeasureDelayMs, scheduler))),
    ).pipe(map(measure), startWith(measure())),
  ).pipe(
    scan<Size, Acc, null>(nextViewport, null),
    map(({ fullHeight: _, ...viewport }: Acc) => viewport),
  );
}
