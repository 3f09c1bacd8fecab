import { TestScheduler } from 'rxjs/testing';
import { describe, expect, it } from 'vitest';
import {
  keyboardOpenHeightDropPx,
  layoutRemeasureDebounceMs,
  orientationRemeasureDelayMs,
} from '../../../streams/config';
import { breakpointOf, isMobileDevice, layoutFor, nextViewport, viewport$ } from './viewport';

const scheduler = () => new TestScheduler((actual, expected) => expect(actual).toEqual(expected));

describe('viewport$', () => {
  it('re-measures 100 ms after the last resize event', () => {
    const ts = scheduler();
    ts.run(({ hot, cold, expectObservable }) => {
      // each measurement records the virtual time it was taken at as the width
      const measure = () => ({ width: ts.now(), height: 800 });
      const resize = hot('  -a-a-a 200ms a          ');
      //                        |<- 100ms ->|
      const expected = '   a 104ms b 200ms c';
      expectObservable(viewport$(resize, cold('-'), measure, ts), '^ 400ms !').toBe(expected, {
        a: expect.objectContaining({ width: 0 }),
        b: expect.objectContaining({ width: 5 + layoutRemeasureDebounceMs }),
        c: expect.objectContaining({ width: 306 }),
      });
    });
  });

  it('re-measures 300 ms after an orientation change, restarting on a second change', () => {
    const ts = scheduler();
    ts.run(({ hot, cold, expectObservable }) => {
      const measure = () => ({ width: ts.now(), height: 800 });
      const turn = hot('  --o 49ms o');
      //                    |<-- restarted -->|300ms
      const expected = ' a 351ms b';
      expectObservable(viewport$(cold('-'), turn, measure, ts), '^ 700ms !').toBe(expected, {
        a: expect.objectContaining({ width: 0 }),
        b: expect.objectContaining({ width: 52 + orientationRemeasureDelayMs }),
      });
    });
  });
});

describe('breakpoints and layout strategies', () => {
  it.each([
    [479, 'xs'],
    [480, 'sm'],
    [767, 'sm'],
    [768, 'md'],
    [1023, 'md'],
    [1024, 'lg'],
    [1439, 'lg'],
    [1440, 'xl'],
  ])('width %i is %s', (w, bp) => expect(breakpointOf(w)).toBe(bp));

  it('mobile is 768 px or less: bottom navigation, pull-to-refresh, 2 modal layers', () => {
    expect(layoutFor(768)).toEqual({
      kind: 'mobile',
      navigation: 'bottom',
      maxModalLayers: 2,
      pullToRefresh: true,
    });
  });
  it('tablet is up to 1024 px: collapsible sidebar, 3 modal layers', () => {
    expect(layoutFor(769)).toMatchObject({
      kind: 'tablet',
      navigation: 'collapsible-sidebar',
      maxModalLayers: 3,
    });
    expect(layoutFor(1024).kind).toBe('tablet');
  });
  it('desktop beyond: sidebar, 5 modal layers', () => {
    expect(layoutFor(1025)).toMatchObject({ kind: 'desktop', navigation: 'sidebar', maxModalLayers: 5 });
  });
});

describe('keyboard detection', () => {
  it('counts the keyboard open only when the height drops by more than 150 px', () => {
    const full = nextViewport(null, { width: 390, height: 800 });
    expect(nextViewport(full, { width: 390, height: 800 - keyboardOpenHeightDropPx }).keyboardOpen).toBe(
      false,
    );
    expect(nextViewport(full, { width: 390, height: 800 - keyboardOpenHeightDropPx - 1 }).keyboardOpen).toBe(
      true,
    );
  });
  it('starts afresh after a rotation', () => {
    const portrait = nextViewport(null, { width: 390, height: 800 });
    expect(nextViewport(portrait, { width: 800, height: 390 }).keyboardOpen).toBe(false);
  });
});

describe('mobile device detection', () => {
  const iphone = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 Mobile/15E148';
  const desktop = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 Chrome/130.0 Safari/537.36';
  const ipad =
    'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 Version/17.0 Safari/605.1.15';
  it('uses the user agent', () => {
    expect(isMobileDevice({ userAgent: iphone, maxTouchPoints: 5 })).toBe(true);
    expect(isMobileDevice({ userAgent: desktop, maxTouchPoints: 0 })).toBe(false);
  });
  it('tells an iPad asking for desktop pages from a Mac by its touch screen', () => {
    expect(isMobileDevice({ userAgent: ipad, maxTouchPoints: 5 })).toBe(true);
    expect(isMobileDevice({ userAgent: ipad, maxTouchPoints: 0 })).toBe(false);
  });
  it('keeps a touch-screen laptop a desktop', () =>
    expect(isMobileDevice({ userAgent: desktop, maxTouchPoints: 10 })).toBe(false));
});
