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

export const isImage = (type: SniffedType | undefined): boolean => type === 'image/jpeg' || type === 'image/png';
