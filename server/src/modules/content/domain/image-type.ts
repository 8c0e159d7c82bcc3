/** The image kinds operators may upload, told apart by their first bytes (never by name or header). */
export interface ImageType {
  ext: 'png' | 'jpg' | 'gif' | 'webp';
  contentType: string;
}

const ascii = (data: Buffer, start: number, end: number) => data.subarray(start, end).toString('latin1');

const SIGNATURES: [ImageType, (data: Buffer) => boolean][] = [
  [
    { ext: 'png', contentType: 'image/png' },
    (d) => d.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])),
  ],
  [{ ext: 'jpg', contentType: 'image/jpeg' }, (d) => d[0] === 0xff && d[1] === 0xd8 && d[2] === 0xff],
  [{ ext: 'gif', contentType: 'image/gif' }, (d) => ascii(d, 0, 6) === 'GIF87a' || ascii(d, 0, 6) === 'GIF89a'],
  [{ ext: 'webp', contentType: 'image/webp' }, (d) => ascii(d, 0, 4) === 'RIFF' && ascii(d, 8, 12) === 'WEBP'],
];

export function imageTypeOf(data: Buffer): ImageType | null {
  return SIGNATURES.find(([, matches]) => matches(data))?.[0] ?? null;
}
