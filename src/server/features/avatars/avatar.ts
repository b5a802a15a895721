/**
 * Generated profile pictures: initials on a coloured square, drawn from the slug alone. Demo and bulk
 * accounts point at `/avatars/<slug>.svg`, so no profile shows a stranger's photo or calls out to
 * another site, and the same slug always draws the same picture.
 */
import { escapeMarkup } from '../../../shared/escape-markup';

export const AVATAR_FILE_PATTERN = /^[a-z0-9-]{1,40}\.svg$/;
const SLUG_MAX = 40;

/**
 * Background colours, each with a contrast ratio of at least 4.5:1 against the white initials
 * (WCAG AA for text); the test recomputes every ratio.
 */
export const AVATAR_COLOURS = [
  '#1d4ed8',
  '#047857',
  '#b91c1c',
  '#6d28d9',
  '#be185d',
  '#0f766e',
  '#c2410c',
  '#4338ca',
  '#15803d',
  '#a21caf',
  '#0e7490',
  '#92400e',
  '#374151',
  '#9f1239',
  '#1e40af',
  '#166534',
] as const;
export const AVATAR_TEXT_COLOUR = '#ffffff';

function slugPart(text: string): string {
  return text
    .normalize('NFKD')
    .toLowerCase()
    .replace(/[^a-z0-9]/g, '');
}

/** `Kerry-Ann`, `Brown`, 12 → `kerryann-brown-12`: one segment per name, so the initials stay two letters. */
export function avatarSlug(firstName: string, lastName: string, n: number | string): string {
  const suffix = `-${n}`;
  const first = slugPart(firstName) || 'x';
  const last = slugPart(lastName);
  const base = last ? `${first}-${last}` : first;
  return base.slice(0, SLUG_MAX - suffix.length) + suffix;
}

export function avatarUrl(firstName: string, lastName: string, n: number | string): string {
  return `/avatars/${avatarSlug(firstName, lastName, n)}.svg`;
}

function nameSegments(slug: string): string[] {
  return slug.split('-').filter((s) => /^[a-z]/.test(s));
}

/** `tanisha-brown-12` → `TB`; one name segment gives one letter; none gives `?`. */
export function initialsFromSlug(slug: string): string {
  const parts = nameSegments(slug);
  if (parts.length === 0) return '?';
  const first = parts[0][0];
  const last = parts.length > 1 ? parts[parts.length - 1][0] : '';
  return (first + last).toUpperCase();
}

/** `tanisha-brown-12` → `Tanisha Brown`, the picture's accessible name. */
export function nameFromSlug(slug: string): string {
  const parts = nameSegments(slug);
  if (parts.length === 0) return 'Profile picture';
  return parts.map((p) => p[0].toUpperCase() + p.slice(1)).join(' ');
}

export function colourFromSlug(slug: string): string {
  let h = 0x811c9dc5;
  for (let i = 0; i < slug.length; i++) {
    h ^= slug.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return AVATAR_COLOURS[(h >>> 0) % AVATAR_COLOURS.length];
}

/** The SVG document for a slug (the file name without `.svg`). */
export function renderAvatarSvg(slug: string): string {
  const initials = escapeMarkup(initialsFromSlug(slug));
  const title = escapeMarkup(nameFromSlug(slug));
  const fill = colourFromSlug(slug);
  const fontSize = initials.length > 1 ? 52 : 60;
  return (
    '<svg xmlns="http://www.w3.org/2000/svg" width="128" height="128" viewBox="0 0 128 128" role="img">' +
    `<title>${title}</title>` +
    `<rect width="128" height="128" fill="${fill}"/>` +
    `<text x="64" y="64" dy="0.35em" text-anchor="middle" fill="${AVATAR_TEXT_COLOUR}" ` +
    `font-family="system-ui, -apple-system, 'Segoe UI', Roboto, Helvetica, Arial, sans-serif" ` +
    `font-size="${fontSize}" font-weight="600" letter-spacing="1">${initials}</text>` +
    '</svg>'
  );
}

/** WCAG relative-luminance contrast ratio of two #rrggbb colours. */
export function contrastRatio(a: string, b: string): number {
  const luminance = (hex: string) => {
    const [r, g, bl] = [1, 3, 5].map((i) => {
      const c = Number.parseInt(hex.slice(i, i + 2), 16) / 255;
      return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
    });
    return 0.2126 * r + 0.7152 * g + 0.0722 * bl;
  };
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return (hi + 0.05) / (lo + 0.05);
}
