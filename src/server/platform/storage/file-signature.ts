/** The real type of a file from its first bytes: a client's extension or content type proves nothing. */
export type SniffedType = 'image/jpeg' | 'image/png' | 'application/pdf';

const SIGNATURES: Array<{ type: SniffedType; bytes: number[] }> = [
  { type: 'image/jpeg', bytes: [0xff, 0xd8, 0xff] },
  { type: 'image/png', bytes: [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a] },
  { type: 'application/pdf', bytes: [0x25, 0x50, 0x44, 0x46, 0x2d] },
];

/** How many bytes sniffType needs. */
export const SNIFF_BYTES = 8;

export function sniffType(start: Uint8Array): SniffedType | undefined {
  return SIGNATURES.find(({ bytes }) => bytes.every((byte, i) => start[i] === byte))?.type;
}

/**
 * A JPEG's pixel size, read from its frame header (the SOF marker) without decoding the image.
 * Undefined when the bytes are not a JPEG or no frame header comes within them (metadata segments
 * come first, so the caller reads enough of the start of the file to pass them).
 */
export function jpegDimensions(bytes: Uint8Array): { width: number; height: number } | undefined {
  if (bytes[0] !== 0xff || bytes[1] !== 0xd8) return undefined;
  const u16 = (at: number) => (bytes[at]! << 8) | bytes[at + 1]!;
  let i = 2;
  while (i + 1 < bytes.length) {
    if (bytes[i] !== 0xff) return undefined;
    const marker = bytes[i + 1]!;
    // 0xFF fill bytes may pad before a marker.
    if (marker === 0xff) {
      i += 1;
      continue;
    }
    // Markers without a length: TEM, RST0-7.
    if (marker === 0x01 || (marker >= 0xd0 && marker <= 0xd7)) {
      i += 2;
      continue;
    }
    // End of image or start of scan before any frame header: not an image we can size.
    if (marker === 0xd9 || marker === 0xda) return undefined;
    if (i + 3 >= bytes.length) return undefined;
    const length = u16(i + 2);
    // SOF0-SOF15, except DHT (C4), JPG (C8) and DAC (CC), which share the range.
    if (marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc) {
      if (i + 8 >= bytes.length) return undefined;
      return { height: u16(i + 5), width: u16(i + 7) };
    }
    if (length < 2) return undefined;
    i += 2 + length;
  }
  return undefined;
}
