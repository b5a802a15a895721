import { useState } from 'react';
import { cn } from '../lib/cn';

export const PLACEHOLDER_PHOTO = '/images/caregiver-placeholder.svg';

/**
 * A caregiver's photo at a fixed size (width and height set, so nothing moves when it loads); a missing
 * or broken picture falls back to the placeholder (docs/product.md#errors).
 */
export function CaregiverPhoto({
  src,
  alt,
  size,
  lazy = false,
  className,
}: {
  src: string | null | undefined;
  alt: string;
  size: number;
  lazy?: boolean;
  className?: string;
}) {
  const [failed, setFailed] = useState(false);
  const url = !src || failed ? PLACEHOLDER_PHOTO : src;
  return (
    <img
      src={url}
      alt={alt}
      width={size}
      height={size}
      loading={lazy ? 'lazy' : undefined}
      decoding="async"
      onError={() => setFailed(true)}
      className={cn('shrink-0 rounded-full bg-primary-soft object-cover', className)}
      style={{ width: size, height: size }}
    />
  );
}
