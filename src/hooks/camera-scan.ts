import { useObservable, useSubscription } from 'observable-hooks';
import { useState } from 'react';
import { EMPTY, filter, map, Observable, scan, switchMap } from 'rxjs';
// the decoder is a file of this app's own build, so the camera reads labels without a CDN or a network
import zxingReaderWasm from 'zxing-wasm/reader/zxing_reader.wasm?url';
import { useServices } from '../services';

/** Time between two reads of the picture: ten a second is quick to a person and light on the phone. */
const detectEveryMs = 100;
/** The same label seen again within this time is the one still in front of the camera. */
const sameCodeMs = 2_000;

interface Detector {
  detect(source: HTMLVideoElement): Promise<{ rawValue: string }[]>;
}
type NativeDetector = {
  new (options: { formats: string[] }): Detector;
  getSupportedFormats(): Promise<string[]>;
};

/** A QR detector: the browser's own where it has one, else the zxing-wasm ponyfill. */
async function qrDetector(): Promise<Detector> {
  const native = (globalThis as { BarcodeDetector?: NativeDetector }).BarcodeDetector;
  if (native && (await native.getSupportedFormats()).includes('qr_code'))
    return new native({ formats: ['qr_code'] });
  const { BarcodeDetector, setZXingModuleOverrides } = await import('barcode-detector/ponyfill');
  setZXingModuleOverrides({
    locateFile: (path: string, prefix: string) => (path.endsWith('.wasm') ? zxingReaderWasm : prefix + path),
  });
  return new BarcodeDetector({ formats: ['qr_code'] });
}

/** The camera as the screen shows it. */
export type CameraState =
  | { name: 'opening' }
  | {
      name: 'open' /** Switches the torch, where the camera has one. */;
      torch: ((on: boolean) => Promise<void>) | null;
    }
  | { name: 'failed'; message: string };

type CameraEvent = CameraState | { name: 'code'; text: string; at: number };

/**
 * The camera into `video` and the QR codes it reads. The back camera is asked for as a preference
 * (not `exact`): a laptop or a one-camera tablet has no back camera and must still scan. Scanning
 * mode (SPEC 4) is on for as long as the camera is open; closing stops every track.
 */
function camera$(video: HTMLVideoElement, setScanningMode: (on: boolean) => void): Observable<CameraEvent> {
  return new Observable<CameraEvent>((subscriber) => {
    let closed = false;
    let stream: MediaStream | null = null;
    setScanningMode(true);
    subscriber.next({ name: 'opening' });
    const run = async () => {
      stream = await navigator.mediaDevices.getUserMedia({
        video: { facingMode: { ideal: 'environment' } },
        audio: false,
      });
      if (closed) return;
      video.srcObject = stream;
      await video.play();
      const [track] = stream.getVideoTracks();
      const torch = (track.getCapabilities?.() as { torch?: boolean } | undefined)?.torch === true;
      subscriber.next({
        name: 'open',
        torch: torch
          ? (on) => track.applyConstraints({ advanced: [{ torch: on } as MediaTrackConstraintSet] })
          : null,
      });
      const detector = await qrDetector();
      while (!closed) {
        const codes = await detector.detect(video).catch(() => []);
        for (const code of codes)
          subscriber.next({ name: 'code', text: code.rawValue, at: performance.now() });
        await new Promise((resolve) => setTimeout(resolve, detectEveryMs));
      }
    };
    run().catch((error: unknown) => {
      const denied = error instanceof DOMException && error.name === 'NotAllowedError';
      subscriber.next({
        name: 'failed',
        message: denied
          ? 'The camera is not allowed. Allow it in the browser settings, or use the scanner or the ID field.'
          : 'The camera could not be opened. Use the scanner or the ID field.',
      });
    });
    return () => {
      closed = true;
      for (const track of stream?.getTracks() ?? []) track.stop();
      video.srcObject = null;
      setScanningMode(false);
    };
  });
}

/**
 * Opens the camera into the video element once it is mounted and calls `onCode` with each label
 * it reads (a label held in view is read once); answers the camera's state for the screen.
 */
export function useCameraScan(video: HTMLVideoElement | null, onCode: (text: string) => void): CameraState {
  const { setScanningMode } = useServices();
  const [state, setState] = useState<CameraState>({ name: 'opening' });
  const events$ = useObservable(
    (inputs$) =>
      inputs$.pipe(
        switchMap(([element]) => (element ? camera$(element, setScanningMode) : EMPTY)),
        scan(
          (last: { event: CameraEvent; fresh: boolean }, event) => {
            if (event.name !== 'code') return { event, fresh: true };
            const before = last.event;
            const repeat =
              before.name === 'code' && before.text === event.text && event.at - before.at < sameCodeMs;
            // each sighting restarts the wait: a label held in view is read once, however long
            return { event, fresh: !repeat };
          },
          { event: { name: 'opening' } as CameraEvent, fresh: false },
        ),
        filter((seen) => seen.fresh),
        map((seen) => seen.event),
      ),
    [video],
  );
  useSubscription(events$, (event) => (event.name === 'code' ? onCode(event.text) : setState(event)));
  return state;
}
