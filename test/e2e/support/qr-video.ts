import { writeFileSync } from 'node:fs';
// the default export's raw() answers the module matrix; the named `raw` is another encoder
import bwipjs from 'bwip-js/node';

/**
 * Writes a one-frame Y4M video of a QR code holding `text`, black on white in the middle of a
 * 640×480 picture, for Chromium's fake camera (`--use-file-for-fake-video-capture`), which loops
 * the frame: the camera then shows the label for as long as the test looks.
 */
export function writeQrVideo(path: string, text: string, width = 640, height = 480) {
  const [symbol] = bwipjs.raw('qrcode', text) as { pixs: number[]; pixx: number; pixy: number }[];
  // a module of 8 px and the 4-module quiet zone the standard asks for fit a 640×480 frame
  const modulePx = Math.floor(Math.min(width, height) / (symbol.pixx + 8));
  const left = Math.floor((width - symbol.pixx * modulePx) / 2);
  const top = Math.floor((height - symbol.pixy * modulePx) / 2);
  const luma = Buffer.alloc(width * height, 235);
  for (let y = 0; y < symbol.pixy * modulePx; y++)
    for (let x = 0; x < symbol.pixx * modulePx; x++)
      if (symbol.pixs[Math.floor(y / modulePx) * symbol.pixx + Math.floor(x / modulePx)])
        luma[(top + y) * width + left + x] = 16;
  // grey: no colour in either chroma plane (4:2:0, a quarter of the pixels each)
  const chroma = Buffer.alloc((width / 2) * (height / 2) * 2, 128);
  const header = `YUV4MPEG2 W${width} H${height} F10:1 Ip A1:1 C420jpeg\nFRAME\n`;
  writeFileSync(path, Buffer.concat([Buffer.from(header), luma, chroma]));
}
