/**
 * Export of a drawn layout: the on-screen SVG without its editing handles, as an SVG file or
 * a PNG, and the file name made from the layout's name.
 */

/** fileNameFor makes a file name from a layout's name: "back-garden.svg". */
export function fileNameFor(name: string, ext: string): string {
  const slug = name
    .toLowerCase()
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .replace(/[^\p{Letter}\p{Number}]+/gu, '-')
    .replace(/^-+|-+$/g, '');
  return `${slug || 'garden-layout'}.${ext}`;
}

/** exportSize is the pixel size of an export: about 40 px a foot, at most 4000 px a side. */
export function exportSize(viewWidth: number, viewHeight: number): { width: number; height: number } {
  const scale = Math.min(40, 4000 / Math.max(viewWidth, viewHeight, 1));
  return { width: Math.round(viewWidth * scale), height: Math.round(viewHeight * scale) };
}

/** svgMarkup is a standalone SVG document of the drawing: handles and previews dropped, sized in pixels. */
export function svgMarkup(svg: SVGSVGElement): string {
  const clone = svg.cloneNode(true) as SVGSVGElement;
  clone.querySelectorAll('[data-export="skip"]').forEach((n) => n.remove());
  for (const attr of ['class', 'tabindex', 'role', 'aria-label']) clone.removeAttribute(attr);
  const vb = svg.viewBox.baseVal;
  const size = exportSize(vb?.width || 100, vb?.height || 100);
  clone.setAttribute('width', String(size.width));
  clone.setAttribute('height', String(size.height));
  clone.setAttribute('xmlns', 'http://www.w3.org/2000/svg');
  const bg = document.createElementNS('http://www.w3.org/2000/svg', 'rect');
  bg.setAttribute('x', String(vb?.x ?? 0));
  bg.setAttribute('y', String(vb?.y ?? 0));
  bg.setAttribute('width', String(vb?.width ?? 100));
  bg.setAttribute('height', String(vb?.height ?? 100));
  bg.setAttribute('fill', '#ffffff');
  clone.insertBefore(bg, clone.firstChild?.nextSibling ?? null);
  return `<?xml version="1.0" encoding="UTF-8"?>\n${new XMLSerializer().serializeToString(clone)}`;
}

function save(blob: Blob, fileName: string) {
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = fileName;
  document.body.appendChild(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

/** downloadSvg saves the drawing as an SVG file. */
export function downloadSvg(svg: SVGSVGElement, name: string) {
  save(new Blob([svgMarkup(svg)], { type: 'image/svg+xml' }), fileNameFor(name, 'svg'));
}

/** downloadPng renders the drawing onto a canvas and saves it as a PNG file. */
export async function downloadPng(svg: SVGSVGElement, name: string): Promise<void> {
  const markup = svgMarkup(svg);
  const vb = svg.viewBox.baseVal;
  const size = exportSize(vb?.width || 100, vb?.height || 100);
  const url = URL.createObjectURL(new Blob([markup], { type: 'image/svg+xml' }));
  try {
    const img = new Image();
    await new Promise<void>((resolve, reject) => {
      img.onload = () => resolve();
      img.onerror = () => reject(new Error('The drawing could not be rendered'));
      img.src = url;
    });
    const canvas = document.createElement('canvas');
    canvas.width = size.width;
    canvas.height = size.height;
    const ctx = canvas.getContext('2d');
    if (!ctx) throw new Error('No canvas');
    ctx.fillStyle = '#ffffff';
    ctx.fillRect(0, 0, size.width, size.height);
    ctx.drawImage(img, 0, 0, size.width, size.height);
    const blob = await new Promise<Blob | null>((resolve) => canvas.toBlob(resolve, 'image/png'));
    if (!blob) throw new Error('No PNG');
    save(blob, fileNameFor(name, 'png'));
  } finally {
    URL.revokeObjectURL(url);
  }
}
