/** isHttpUrl: an absolute http(s) URL. */
export function isHttpUrl(value: string): boolean {
  try {
    const url = new URL(value);
    return url.protocol === 'http:' || url.protocol === 'https:';
  } catch {
    return false;
  }
}

/**
 * isImageUrl: what an imageUrl may hold besides empty (docs/api.md): an absolute http(s)
 * URL, or a path under /api/images/ answered by the upload call.
 */
export function isImageUrl(value: string): boolean {
  return isHttpUrl(value) || /^\/api\/images\/[^\s/]+$/.test(value);
}

/** parseId: a positive integer from a URL segment, or null (spec 01 §5: ids must be numeric). */
export function parseId(value: string | undefined): number | null {
  if (!value || !/^\d+$/.test(value)) return null;
  const id = Number(value);
  return Number.isSafeInteger(id) && id > 0 ? id : null;
}
