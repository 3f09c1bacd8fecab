import { useObservable, useSubscription } from 'observable-hooks';
import { useState } from 'react';
import { connect, EMPTY, filter, map, merge, Observable, switchMap } from 'rxjs';
// the decoder is a file of this app's own build, so the camera reads labels without a CDN or a network
import zxingReaderWasm from 'zxing-wasm/reader/zxing_reader.wasm?url';
import { cameraDetectEveryMs } from '../../streams/config';
import { oncePerSighting, readEvery } from '../../streams/scan';
import { type Services, useServices } from '../services';

/** The User Timing name of one decode that read a label (`performance.getEntriesByName`). */
export const decodeMeasure = 'qr-decode';

interface Detector {
  detect(source: HTMLVideoElement): Promise<{ rawValue: string }[]>;
}
type NativeDetector = {
  new (options: { formats: string[] }): Detector;
  getSupportedFormats(): Promise<string[]>;
};

/** A QR detector: the browser's own where it has one, else the zxing-wasm ponyfill. */
async function loadQrDetector(): Promise<Detector> {
  const native = (globalThis as { BarcodeDetector?: NativeDetector }).BarcodeDetector;
  if (native && (await native.getSupportedFormats()).includes('qr_code'))
    return new native({ formats: ['qr_code'] });
  const { BarcodeDetector, setZXingModuleOverrides } = await import('barcode-detector/ponyfill');
  setZXingModuleOverrides({
    locateFile: (path: string, prefix: string) => (path.endsWith('.wasm') ? zxingReaderWasm : prefix + path),
  });
  return new BarcodeDetector({ formats: ['qr_code'] });
}

let detector: Promise<Detector> | null = null;
/**
 * The page's one detector, kept across openings of the camera: setting the ponyfill up again
 * compiles its WebAssembly again, which the first read of every opening waited for. A failed load
 * is forgotten, so the next opening tries again.
 */
const qrDetector = () =>
  (detector ??= loadQrDetector().catch((error: unknown) => {
    detector = null;
    throw error;
  }));

/** The camera as the screen shows it. */
export type CameraState =
  | { name: 'opening' }
  | {
      name: 'open';
      /** Switches the torch, where the camera has one. */
      torch: ((on: boolean) => Promise<void>) | null;
    }
  /** The camera could not be opened: `denied` when the browser does not allow it. */
  | { name: 'failed'; denied: boolean };

/** The labels in the video's picture now (none where the decoder fails on it). */
async function detectCodes(detector: Detector, video: HTMLVideoElement) {
  const start = performance.now();
  const codes = await detector.detect(video).catch(() => []);
  // the decoder's own time for a picture it read a label in, for the phone benchmark
  if (codes.length) performance.measure(decodeMeasure, { start, end: performance.now() });
  return codes;
}

type CameraEvent = CameraState | { name: 'code'; text: string };
const isCode = (event: CameraEvent): event is { name: 'code'; text: string } => event.name === 'code';

/**
 * The camera into `video` and the QR codes it reads. The back camera is asked for as a preference
 * (not `exact`): a laptop or a one-camera tablet has no back camera and must still scan. Scanning
 * mode (SPEC 4) is on for as long as the camera is open; closing stops every track.
 */
function camera$(
  video: HTMLVideoElement,
  { setScanningMode, device, scheduler }: Pick<Services, 'setScanningMode' | 'device' | 'scheduler'>,
): Observable<CameraEvent> {
  return new Observable<CameraEvent>((subscriber) => {
    let closed = false;
    let stream: MediaStream | null = null;
    setScanningMode(true);
    subscriber.next({ name: 'opening' });
    const fail = (error: unknown) =>
      subscriber.next({
        name: 'failed',
        denied: error instanceof DOMException && error.name === 'NotAllowedError',
      });
    const run = async () => {
      stream = await device.openCamera({
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
      if (closed) return;
      // the reads end with the camera
      subscriber.add(
        readEvery(() => detectCodes(detector, video), cameraDetectEveryMs, scheduler).subscribe({
          next: (codes) => {
            for (const code of codes) subscriber.next({ name: 'code', text: code.rawValue });
          },
          error: fail,
        }),
      );
    };
    run().catch(fail);
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
  const services = useServices();
  const [state, setState] = useState<CameraState>({ name: 'opening' });
  const events$ = useObservable(
    (inputs$) =>
      inputs$.pipe(
        switchMap(([element, services]) => (element ? camera$(element, services) : EMPTY)),
        connect((shared$) =>
          merge(
            shared$.pipe(filter((event): event is CameraState => !isCode(event))),
            shared$.pipe(
              filter(isCode),
              map((event) => event.text),
              oncePerSighting(),
              map((text): CameraEvent => ({ name: 'code', text })),
            ),
          ),
        ),
      ),
    [video, services],
  );
  useSubscription(events$, (event) => (event.name === 'code' ? onCode(event.text) : setState(event)));
  return state;
}
