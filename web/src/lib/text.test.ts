import { describe, expect, it } from 'vitest';
import { READ_MORE_THRESHOLD, needsReadMore, qrFileName, slugify, stripMarkup, truncate } from './text';

describe('slugify and qrFileName', () => {
  it.each([
    ['Basil', 'basil'],
    ['Sweet Basil (Genovese)', 'sweet-basil-genovese'],
    ["Sweet Basil 'Genovese'", 'sweet-basil-genovese'],
    ['Ground Cherry ‘Aunt Molly’s’', 'ground-cherry-aunt-mollys'],
    ['  Crème Brûlée Rose!  ', 'creme-brulee-rose'],
    ['Tomato #2 — balcony', 'tomato-2-balcony'],
    ['---', ''],
  ])('slugify(%j) = %j', (text, slug) => {
    expect(slugify(text)).toBe(slug);
  });

  it('names QR downloads plant-{id}-{slug}-qrcode.{png|svg}', () => {
    expect(qrFileName(7, 'Sweet Basil', 'png')).toBe('plant-7-sweet-basil-qrcode.png');
    expect(qrFileName(12, 'Monstera Deliciosa', 'svg')).toBe('plant-12-monstera-deliciosa-qrcode.svg');
    expect(qrFileName(3, '🌱', 'svg')).toBe('plant-3-qrcode.svg');
  });
});

describe('Read More threshold', () => {
  it('is 200 characters: exactly 200 shows in full, 201 is clamped', () => {
    expect(READ_MORE_THRESHOLD).toBe(200);
    expect(needsReadMore('x'.repeat(200))).toBe(false);
    expect(needsReadMore('x'.repeat(201))).toBe(true);
    expect(needsReadMore('')).toBe(false);
    expect(needsReadMore(null)).toBe(false);
  });
});

describe('stripMarkup and truncate', () => {
  it('drops tags, decodes entities and collapses spaces', () => {
    expect(stripMarkup('<p>Easy &amp; <strong>fast</strong></p><p>growing</p>')).toBe('Easy & fast growing');
    expect(stripMarkup('<script>alert(1)</script>Text')).toBe('Text');
    expect(stripMarkup('<div><style>p{}</style>Body</div>')).toBe('Body');
    expect(stripMarkup(null)).toBe('');
    // Table cells, definition lists and quotes are word boundaries too.
    expect(stripMarkup('<table><tr><td>Sun</td><td>Full sun</td></tr></table><dl><dt>Water</dt><dd>Moderate</dd></dl>')).toBe(
      'Sun Full sun Water Moderate',
    );
    expect(stripMarkup('<blockquote>Easy</blockquote><pre>to</pre><figure><figcaption>grow</figcaption></figure>')).toBe('Easy to grow');
  });

  it('cuts at the limit and adds an ellipsis only when something was cut', () => {
    expect(truncate('short', 80)).toBe('short');
    expect(truncate('a'.repeat(80), 80)).toBe('a'.repeat(80));
    expect(truncate('a'.repeat(81), 80)).toBe(`${'a'.repeat(80)}…`);
  });
});
