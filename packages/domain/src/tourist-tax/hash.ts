/**
 * FNV-1a 64-bit over the UTF-8 bytes of a string, as 16 hex digits. Pure JS (no node:crypto) so the
 * web can import it. Used for import fingerprints (de-duplication), not for security.
 */
const encoder = new TextEncoder();

export function fnv1a64Hex(text: string): string {
  const bytes = encoder.encode(text);
  // 64-bit state kept as two unsigned 32-bit halves; prime = 2^40 + 0x1b3.
  let hi = 0xcbf29ce4;
  let lo = 0x84222325;
  for (let i = 0; i < bytes.length; i++) {
    lo = (lo ^ bytes[i]) >>> 0;
    const loProduct = lo * 0x1b3; // < 2^41, exact in a double
    const carry = Math.floor(loProduct / 0x1_0000_0000);
    hi = (Math.imul(hi, 0x1b3) + ((lo << 8) >>> 0) + carry) >>> 0;
    lo = loProduct >>> 0;
  }
  return hi.toString(16).padStart(8, '0') + lo.toString(16).padStart(8, '0');
}
