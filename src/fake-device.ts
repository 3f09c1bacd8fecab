import type { Device } from './services';

/** A device for tests: prints, asks, buzzes and saves nothing and has no camera, but for `overrides`. */
export function fakeDevice(overrides: Partial<Device> = {}): Device {
  return {
    print: () => {},
    afterPrint: () => () => {},
    confirm: () => false,
    vibrate: () => {},
    openCamera: () => Promise.reject(new DOMException('No camera in tests', 'NotFoundError')),
    download: () => {},
    painted: () => Promise.resolve(),
    ...overrides,
  };
}
