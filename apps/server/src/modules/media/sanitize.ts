import sharp from 'sharp';
import type { MediaExtension } from './storage.ts';
import { invalidFileType } from './detect.ts';

/**
 * Largest image we decode, in pixels (width × height): 50 megapixels, more than any phone
 * camera, and a bound on the memory a small but hostile file (a decompression bomb) can make us
 * allocate.
 */
export const MAX_IMAGE_PIXELS = 50_000_000;

/**
 * Re-encodes an uploaded image with sharp (libvips): the output holds pixels only, so EXIF
 * (GPS position, camera serial, time), XMP, IPTC and comments are gone, and anything hidden
 * after the image data does not survive. The EXIF orientation is applied to the pixels first
 * so the picture still shows the right way up. Animated GIF and WebP keep their frames.
 * An image libvips cannot decode cleanly (truncated, corrupt) is refused as an invalid file.
 */
export async function sanitizeImage(
  input: string,
  output: string,
  extension: MediaExtension,
): Promise<void> {
  const animated = extension === 'gif' || extension === 'webp';
  const image = sharp(input, {
    animated,
    autoOrient: !animated,
    failOn: 'warning',
    limitInputPixels: MAX_IMAGE_PIXELS,
  });
  try {
    switch (extension) {
      case 'jpg':
        await image.jpeg({ quality: 90, mozjpeg: true }).toFile(output);
        return;
      case 'png':
        await image.png({ compressionLevel: 9 }).toFile(output);
        return;
      case 'gif':
        await image.gif().toFile(output);
        return;
      case 'webp':
        await image.webp({ quality: 90 }).toFile(output);
        return;
      default:
        throw new Error(`not an image extension: ${extension}`);
    }
  } catch (error) {
    throw invalidFileType(error);
  }
}
