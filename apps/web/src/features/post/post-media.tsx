import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';
import { i18n } from '../../lib/i18n/index.ts';

/**
 * The image's alt: its author's description when they wrote one. Without one, the image is still
 * content (an empty alt would hide that the post has one), so it is named by who shared it; the
 * post's text is not repeated, a screen reader has just read it.
 */
export function imageAlt(altText: string | null | undefined, authorName: string): string {
  const described = altText?.trim();
  return described ? described : i18n._(msg`Image shared by ${authorName}`);
}

/** Where the media sits and how large the image shows: in a card, or in a quote inside one. */
const SIZES = {
  card: {
    padding: 'px-4 pt-3',
    image: 'aspect-square w-full rounded-xl border border-border/60 bg-surface-2 object-cover',
  },
  quote: {
    padding: 'px-3 pt-2',
    image: 'max-h-64 w-full rounded-lg border border-border/60 bg-surface-2 object-cover',
  },
};

/** A post's image and audio, each below the text when it has one. */
export function PostMedia({
  imageUrl,
  altText,
  audioUrl,
  name,
  size,
}: {
  imageUrl: string | null | undefined;
  altText: string | null | undefined;
  audioUrl: string | null | undefined;
  /** The author's name, for the image's and the audio's names. */
  name: string;
  size: keyof typeof SIZES;
}) {
  const { t } = useLingui();
  const { padding, image } = SIZES[size];
  return (
    <>
      {imageUrl && (
        <div className={padding}>
          <img
            src={imageUrl}
            alt={imageAlt(altText, name)}
            loading="lazy"
            decoding="async"
            className={image}
          />
        </div>
      )}
      {audioUrl && (
        <div className={padding}>
          <audio
            controls
            preload="metadata"
            src={audioUrl}
            aria-label={t`Audio shared by ${name}`}
            className="w-full"
          />
        </div>
      )}
    </>
  );
}
