/** GS1 company prefixes are 4 to 12 digits (GS1 General Specifications, 1.4.2). */
export const gs1CompanyPrefixPattern = /^\d{4,12}$/;

/**
 * The GS1 mod-10 check digit of `digits`: weights 3 and 1 alternate from the rightmost digit, and
 * the check digit brings the weighted sum up to a multiple of ten.
 */
export function gs1CheckDigit(digits: string): number {
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    const digit = digits.charCodeAt(digits.length - 1 - i) - 48;
    sum += digit * (i % 2 === 0 ? 3 : 1);
  }
  return (10 - (sum % 10)) % 10;
}

/** How many serial references fit beside `prefix` in an SSCC (17 digits less the extension digit and prefix). */
export function ssccSerialCapacity(prefix: string): number {
  return 10 ** (16 - prefix.length);
}

/**
 * The 18-digit SSCC of serial reference `serial` under company `prefix`: extension digit 0, the
 * prefix, the serial padded to fill 17 digits, then the check digit.
 */
export function sscc(prefix: string, serial: number): string {
  if (!gs1CompanyPrefixPattern.test(prefix)) throw new Error('a GS1 company prefix has 4 to 12 digits');
  if (!Number.isSafeInteger(serial) || serial < 0 || serial >= ssccSerialCapacity(prefix)) {
    throw new Error(`serial ${serial} does not fit beside prefix ${prefix}`);
  }
  const body = `0${prefix}${String(serial).padStart(16 - prefix.length, '0')}`;
  return `${body}${gs1CheckDigit(body)}`;
}

/** Whether `code` is 18 digits whose last is the GS1 check digit of the others. */
export function isValidSscc(code: string): boolean {
  return /^\d{18}$/.test(code) && gs1CheckDigit(code.slice(0, 17)) === Number(code[17]);
}
