/** stripMarkup turns HTML into plain text (tags dropped, entities decoded, spaces collapsed). */
export function stripMarkup(html: string | null | undefined): string {
  if (!html) return '';
  let text: string;
  if (typeof DOMParser !== 'undefined') {
    // DOMParser builds an inert document: no scripts run, no images load.
    const doc = new DOMParser().parseFromString(html, 'text/html');
    doc.querySelectorAll('script, style, template, noscript').forEach((el) => el.remove());
    // Every block-level or table cell boundary is a word boundary once the tags are gone.
    doc
      .querySelectorAll(
        'br, hr, p, div, li, ul, ol, dl, dt, dd, h1, h2, h3, h4, h5, h6, tr, td, th, table, blockquote, pre, section, article, header, footer, figure, figcaption, details, summary, address',
      )
      .forEach((el) => el.append(' '));
    text = doc.body.textContent ?? '';
  } else {
    text = html.replace(/<[^>]*>/g, ' ');
  }
  return text.replace(/\s+/g, ' ').trim();
}

/** truncate cuts text at `max` characters and adds an ellipsis when something was cut. */
export function truncate(text: string, max: number): string {
  if (text.length <= max) return text;
  return `${text.slice(0, max).trimEnd()}…`;
}

/** Journal content longer than this many characters is clamped with Read More (spec 01 §9). */
export const READ_MORE_THRESHOLD = 200;

/** needsReadMore: the content is long enough to be clamped behind Read More. */
export function needsReadMore(content: string | null | undefined): boolean {
  return (content ?? '').length > READ_MORE_THRESHOLD;
}

/**
 * slugify: lower-case ASCII words joined by hyphens ("Sweet Basil (Genovese)" →
 * "sweet-basil-genovese"); apostrophes and accents are dropped ("Aunt Molly's" →
 * "aunt-mollys", as the server makes slugs), other characters removed.
 */
export function slugify(text: string): string {
  return text
    .replace(/['\u2018\u2019]/g, '')
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
}

/** qrFileName: plant-{id}-{slugified name}-qrcode.{png|svg} (spec 01 §9). */
export function qrFileName(id: number | string, name: string, extension: 'png' | 'svg'): string {
  const slug = slugify(name);
  return `plant-${id}-${slug ? `${slug}-` : ''}qrcode.${extension}`;
}

/** looksLikeHtml: the text holds at least one HTML tag (otherwise it is shown as plain text). */
export function looksLikeHtml(text: string | null | undefined): boolean {
  return /<\/?[a-z][\w-]*(\s[^>]*)?\/?>/i.test(text ?? '');
}
