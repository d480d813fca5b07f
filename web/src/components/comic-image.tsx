import { useState } from 'react';
import { imageUrl } from '../lib/images';
import type { ItemType, PeriodType } from '../types/api';
import { ImageOffIcon } from './ui/icons';

interface ComicImageProps {
  item: { itemType?: ItemType | null; periodType?: PeriodType | null; hasImage?: boolean | null };
  imageId: string | null | undefined;
  alt: string;
  className?: string;
  eager?: boolean;
}

/** An item image from /images/{folder}/{id}.webp, lazy loaded, with a no-image placeholder. */
export function ComicImage({ item, imageId, alt, className, eager }: ComicImageProps) {
  const [failedSrc, setFailedSrc] = useState<string | null>(null);
  const src = imageId ? imageUrl(item, imageId) : null;
  if (!src || item.hasImage === false || failedSrc === src) {
    return (
      <div className={`no-image${className ? ` ${className}` : ''}`} role="img" aria-label={alt ? `${alt} (no image)` : 'No image'}>
        <ImageOffIcon size={32} />
        <span aria-hidden="true">No image</span>
      </div>
    );
  }
  return (
    <img className={className} src={src} alt={alt} loading={eager ? 'eager' : 'lazy'} decoding="async" onError={() => setFailedSrc(src)} />
  );
}
