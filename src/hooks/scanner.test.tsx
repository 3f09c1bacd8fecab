import { cleanup, render } from '@testing-library/react';
import { useLayoutEffect } from 'react';
import { afterEach, expect, it } from 'vitest';
import { useScannerReadings } from './scanner';

afterEach(cleanup);

function Listening({ heard }: { heard: string[] }) {
  useScannerReadings((text) => heard.push(text));
  return <h2>Kleinpak</h2>;
}

/** A scanner's keys, sent as soon as the screen is on the page: in a layout effect of a later sibling. */
function ScanOnceShown({ reading }: { reading: string }) {
  useLayoutEffect(() => {
    for (const key of [...reading, 'Enter'])
      document.body.dispatchEvent(new KeyboardEvent('keydown', { key, bubbles: true }));
  }, [reading]);
  return null;
}

it('hears a scan made the moment the screen appears, before React runs its passive effects', () => {
  const heard: string[] = [];
  render(
    <>
      <Listening heard={heard} />
      <ScanOnceShown reading="P-000123" />
    </>,
  );
  expect(heard).toEqual(['P-000123']);
});
