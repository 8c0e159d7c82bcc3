import { imageTypeOf } from './image-type.js';

describe('imageTypeOf', () => {
  it('tells png, jpeg, gif and webp by their magic bytes', () => {
    expect(imageTypeOf(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0]))?.ext).toBe('png');
    expect(imageTypeOf(Buffer.from([0xff, 0xd8, 0xff, 0xe0]))?.contentType).toBe('image/jpeg');
    expect(imageTypeOf(Buffer.from('GIF89a...'))?.ext).toBe('gif');
    expect(imageTypeOf(Buffer.from('GIF87a...'))?.ext).toBe('gif');
    expect(imageTypeOf(Buffer.concat([Buffer.from('RIFF'), Buffer.alloc(4), Buffer.from('WEBPVP8 ')]))?.ext).toBe(
      'webp',
    );
  });

  it('refuses anything else, whatever it claims to be', () => {
    expect(imageTypeOf(Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'))).toBeNull();
    expect(imageTypeOf(Buffer.from('<html><script>alert(1)</script>'))).toBeNull();
    expect(imageTypeOf(Buffer.concat([Buffer.from('RIFF'), Buffer.alloc(4), Buffer.from('WAVE')]))).toBeNull();
    expect(imageTypeOf(Buffer.alloc(0))).toBeNull();
  });
});
