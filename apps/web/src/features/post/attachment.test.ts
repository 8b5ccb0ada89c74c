import { describe, expect, it } from 'vitest';
import { checkAttachment } from './attachment.ts';

const MB = 1024 * 1024;

describe('checkAttachment', () => {
  it('accepts images up to 10 MB and audio up to 50 MB', () => {
    expect(checkAttachment({ type: 'image/png', size: 10 * MB })).toEqual({
      ok: true,
      kind: 'image',
    });
    expect(checkAttachment({ type: 'audio/mpeg', size: 50 * MB })).toEqual({
      ok: true,
      kind: 'audio',
    });
  });

  it('rejects other types and oversize files with the spec texts', () => {
    expect(checkAttachment({ type: 'video/mp4', size: 1 })).toEqual({
      ok: false,
      title: 'Invalid file type',
      description: 'Please upload an image or audio file',
    });
    expect(checkAttachment({ type: '', size: 1 })).toMatchObject({ ok: false });
    expect(checkAttachment({ type: 'image/jpeg', size: 10 * MB + 1 })).toMatchObject({
      ok: false,
      description: 'Images must be under 10MB',
    });
    expect(checkAttachment({ type: 'audio/wav', size: 50 * MB + 1 })).toMatchObject({
      ok: false,
      description: 'Audio files must be under 50MB',
    });
  });
});
