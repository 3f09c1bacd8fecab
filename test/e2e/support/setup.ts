import { afterAll } from 'vitest';
import { closeBrowser } from './browser';

// run before every browser test file: its Chromium, shared by the file's tests, ends with it
afterAll(closeBrowser);
