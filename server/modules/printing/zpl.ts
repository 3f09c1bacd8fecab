import type { LabelElement, LabelLayout } from '../../../streams/printing';

/**
 * Field data as ZPL reads it after `^FH`: every byte outside plain printable ASCII, and the
 * characters ZPL gives a meaning (`^` starts a command, `~` a control command, `_` the hex
 * escape itself), is written `_XX` in hex, so no text a user typed can end a field or inject a
 * command. `^CI28` makes the printer read the bytes as UTF-8.
 */
export function zplFieldData(text: string): string {
  let out = '';
  for (const byte of Buffer.from(text, 'utf8')) {
    const plain = byte >= 0x20 && byte < 0x7f && byte !== 0x5e && byte !== 0x7e && byte !== 0x5f;
    out += plain ? String.fromCharCode(byte) : `_${byte.toString(16).toUpperCase().padStart(2, '0')}`;
  }
  return out;
}

/** One element as ZPL commands, each field opened at its origin (`^FO`) and closed with `^FS`. */
function element(e: LabelElement): string {
  const origin = `^FO${e.x},${e.y}`;
  switch (e.kind) {
    case 'qr':
      // model 2, magnification = dots per module; `MA,`: error correction M, automatic data mode
      return `${origin}^BQN,2,${e.moduleDots}^FH^FDMA,${zplFieldData(e.text)}^FS`;
    case 'text':
      // one-line field block: text never runs past the label's edge
      return `${origin}^A0N,${e.heightDots},${e.heightDots}^FB${e.widthDots},1,0,L,0^FH^FD${zplFieldData(e.text)}^FS`;
    case 'gs1-128':
      // mode D: the printer reads the bracketed AIs, starts with FNC1 and prints the interpretation line
      return `^BY${e.moduleDots},3,${e.barHeightDots}${origin}^BCN,${e.barHeightDots},Y,N,N,D^FH^FD${zplFieldData(e.text)}^FS`;
  }
}

/** A label layout as one ZPL label: `^XA`, UTF-8, print width and length in dots, its fields, `^XZ`. */
export function layoutZpl(layout: LabelLayout): string {
  return `^XA^CI28^PW${layout.widthDots}^LL${layout.heightDots}^LH0,0${layout.elements.map(element).join('')}^XZ\n`;
}
