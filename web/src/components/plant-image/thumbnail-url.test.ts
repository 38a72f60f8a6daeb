import { describe, expect, it } from 'vitest';
import { thumbnailUrl } from './plant-image';

describe('thumbnailUrl', () => {
  it('asks the server for the thumbnail of a stored image only', () => {
    expect(thumbnailUrl('/api/images/3f9c.png')).toBe('/api/images/3f9c.png?size=thumb');
    expect(thumbnailUrl('https://cdn.example/basil.jpg')).toBeNull();
    expect(thumbnailUrl('/api/images/3f9c.png?size=thumb')).toBeNull();
    expect(thumbnailUrl('')).toBeNull();
    expect(thumbnailUrl(null)).toBeNull();
  });
});
