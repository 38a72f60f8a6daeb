import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { PlantImage } from './plant-image';

describe('PlantImage fallback', () => {
  it('tries the image, then each alternative in turn, then shows the placeholder icon', () => {
    render(
      <PlantImage
        src="https://seeds.example/a.jpg"
        alternatives={['https://seeds.example/b.jpg', '', null, 'https://seeds.example/c.jpg']}
        alt="Basil"
      />,
    );
    const seen: string[] = [];
    for (let i = 0; i < 3; i++) {
      const img = screen.getByRole('img', { name: 'Basil' });
      seen.push(img.getAttribute('src')!);
      fireEvent.error(img);
    }
    expect(seen).toEqual(['https://seeds.example/a.jpg', 'https://seeds.example/b.jpg', 'https://seeds.example/c.jpg']);
    expect(screen.getByRole('img', { name: 'Basil (no photo)' })).toBeInTheDocument();
    expect(document.querySelector('img')).toBeNull();
  });

  it('starts with the first alternative when there is no image, and shows the icon when there is nothing', () => {
    const { rerender } = render(<PlantImage src="" alternatives={['https://seeds.example/b.jpg']} alt="Sage" />);
    expect(screen.getByRole('img', { name: 'Sage' })).toHaveAttribute('src', 'https://seeds.example/b.jpg');
    rerender(<PlantImage src={null} alternatives={null} alt="Sage" />);
    expect(screen.getByRole('img', { name: 'Sage (no photo)' })).toBeInTheDocument();
  });

  it('starts over when the plant changes', () => {
    const { rerender } = render(<PlantImage src="https://seeds.example/a.jpg" alt="Mint" />);
    fireEvent.error(screen.getByRole('img', { name: 'Mint' }));
    expect(screen.getByRole('img', { name: 'Mint (no photo)' })).toBeInTheDocument();
    rerender(<PlantImage src="https://seeds.example/new.jpg" alt="Mint" />);
    expect(screen.getByRole('img', { name: 'Mint' })).toHaveAttribute('src', 'https://seeds.example/new.jpg');
  });
});
