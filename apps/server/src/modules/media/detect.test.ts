import { describe, expect, it } from 'vitest';
import { acceptUpload } from './detect.ts';

const png = { ext: 'png', mime: 'image/png' };
const mp3 = { ext: 'mp3', mime: 'audio/mpeg' };

describe('acceptUpload', () => {
  it('goes by the bytes and stores a canonical extension', () => {
    expect(acceptUpload(png, { mimetype: 'image/png', filename: 'a.png' })).toEqual({
      kind: 'image',
      extension: 'png',
    });
    expect(
      acceptUpload({ ext: 'opus', mime: 'audio/ogg; codecs=opus' }, { mimetype: '', filename: '' }),
    ).toEqual({ kind: 'audio', extension: 'ogg' });
    expect(
      acceptUpload(
        { ext: 'jpg', mime: 'image/jpeg' },
        { mimetype: 'image/png', filename: 'x.png' },
      ),
    ).toEqual({ kind: 'image', extension: 'jpg' });
  });

  it.each([
    ['nothing recognised', undefined, 'image/png', 'a.png'],
    ['XML (SVG)', { ext: 'xml', mime: 'application/xml' }, 'image/svg+xml', 'a.svg'],
    ['a video', { ext: 'mp4', mime: 'video/mp4' }, 'video/mp4', 'a.mp4'],
    ['WebM not declared as audio', { ext: 'webm', mime: 'video/webm' }, '', 'a.webm'],
    ['a PNG declared as audio', png, 'audio/mpeg', 'a.mp3'],
    ['a PNG named .mp3', png, 'application/octet-stream', 'song.mp3'],
    ['an MP3 named .svg', mp3, '', 'x.svg'],
    ['an MP3 declared as text', mp3, 'text/html', 'x'],
    ['a PDF', { ext: 'pdf', mime: 'application/pdf' }, 'application/pdf', 'a.pdf'],
  ])('refuses %s', (_name, detected, mimetype, filename) => {
    expect(() => acceptUpload(detected, { mimetype, filename })).toThrow(
      expect.objectContaining({ code: 'invalid_file_type', status: 415 }) as Error,
    );
  });

  it('takes a browser recording declared as audio/webm', () => {
    expect(
      acceptUpload(
        { ext: 'webm', mime: 'video/webm' },
        { mimetype: 'audio/webm;codecs=opus', filename: 'recording.webm' },
      ),
    ).toEqual({ kind: 'audio', extension: 'webm' });
  });
});
