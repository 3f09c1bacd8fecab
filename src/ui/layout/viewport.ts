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

/** What tells a phone or tablet from a desktop: the browser's user agent and its touch points. */
export interface Device {
  userAgent: string;
  /** `navigator.maxTouchPoints`: 0 without a touch screen. */
  maxTouchPoints: number;
}

/**
 * A device counts as mobile when its user agent says so, or it is an iPad asking for desktop
 * pages (iPadOS sends a Mac's user agent, but a Mac has no touch screen). The window's width
 * never decides access: a narrowed desktop window is still a desktop (the 768 px breakpoint only
 * chooses the layout), and a touch-screen laptop is still a laptop.
 */
export function isMobileDevice({ userAgent, maxTouchPoints }: Device): boolean {
  return mobileUserAgent.test(userAgent) || (/Macintosh/.test(userAgent) && maxTouchPoints > 1);
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
