/**
 * Generated profile pictures: initials on a coloured square, drawn from the file name alone. Demo and
 * bulk accounts point at `/avatars/<initials>_<key>.svg` (`tb_12.svg`): the name carries no personal
 * name, only the two initials the picture shows and a number. No profile shows a stranger's photo or
 * calls out to another site, and the same file name always draws the same picture.
 *
 * Older databases hold name-based slugs (`tanisha-brown-12.svg`); they are still drawn, so their
 * pictures do not break, but nothing creates them any more.
 */
import { escapeMarkup } from '../../../shared/escape-markup';

const SLUG_MAX = 40;
/** `tb_12`: one or two initials, an underscore, a key of letters, digits and hyphens. */
const INITIALS_SLUG = /^([a-z]{1,2})_([a-z0-9-]{1,37})$/;
/** The name-based slugs of older demo data (`tanisha-brown-12`). */
const LEGACY_SLUG = /^[a-z0-9-]{1,40}$/;
export const AVATAR_FILE_PATTERN = /^(?:[a-z]{1,2}_[a-z0-9-]{1,37}|[a-z0-9-]{1,40})\.svg$/;

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

/** The initials a name draws: first letter of the first and of the last name (`Kerry-Ann`, `Brown` → `kb`). */
function initialsOf(firstName: string, lastName: string): string {
  return (
    (slugPart(firstName).replace(/[^a-z]/g, '')[0] ?? '') +
    (slugPart(lastName).replace(/[^a-z]/g, '')[0] ?? '')
  );
}

/**
 * `Kerry-Ann`, `Brown`, 12 → `kb_12`: the initials and a key (a number or run id), never the name
 * itself, so a file name or URL cannot give away who the picture belongs to.
 */
export function avatarSlug(firstName: string, lastName: string, key: number | string): string {
  const initials = initialsOf(firstName, lastName) || 'x';
  const id = String(key)
    .toLowerCase()
    .replace(/[^a-z0-9-]/g, '')
    .slice(-(SLUG_MAX - initials.length - 1));
  return `${initials}_${id || '0'}`;
}

export function avatarUrl(firstName: string, lastName: string, key: number | string): string {
  return `/avatars/${avatarSlug(firstName, lastName, key)}.svg`;
}

function nameSegments(slug: string): string[] {
  return LEGACY_SLUG.test(slug) ? slug.split('-').filter((s) => /^[a-z]/.test(s)) : [];
}

/** `tb_12` → `TB`; legacy `tanisha-brown-12` → `TB`; one name segment gives one letter; none gives `?`. */
export function initialsFromSlug(slug: string): string {
  const m = INITIALS_SLUG.exec(slug);
  if (m) return m[1].toUpperCase();
  const parts = nameSegments(slug);
  if (parts.length === 0) return '?';
  const first = parts[0][0];
  const last = parts.length > 1 ? parts[parts.length - 1][0] : '';
  return (first + last).toUpperCase();
}

/** The picture's accessible name: `Profile picture` (legacy slugs: `tanisha-brown-12` → `Tanisha Brown`). */
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
