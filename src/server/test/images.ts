/** Tiny real files for upload tests: the server checks magic bytes, not names. */

/** A 1×1 PNG. */
export const PNG_BYTES = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8DwHwAFBQIAX8jx0gAAAABJRU5ErkJggg==',
  'base64',
);

/** A 1×1 JPEG. */
export const JPEG_BYTES = Buffer.from(
  '/9j/4AAQSkZJRgABAQEASABIAAD/2wBDAP//////////////////////////////////////////////////////////////////////////////////////wgALCAABAAEBAREA/8QAFBABAAAAAAAAAAAAAAAAAAAAAP/aAAgBAQABPxA=',
  'base64',
);

export const PDF_BYTES = Buffer.from('%PDF-1.4\n1 0 obj << >> endobj\ntrailer << >>\n%%EOF\n');

/**
 * A JPEG whose frame header (SOF) says `width`×`height`: JPEG_BYTES with its size rewritten. The server
 * reads the size from the header only, so the rest need not be a real image of that size.
 */
export function jpegOfSize(width: number, height: number): Buffer {
  const bytes = Buffer.from(JPEG_BYTES);
  const sof = bytes.indexOf(Buffer.from([0xff, 0xc2]));
  bytes.writeUInt16BE(height, sof + 5);
  bytes.writeUInt16BE(width, sof + 7);
  return bytes;
}
