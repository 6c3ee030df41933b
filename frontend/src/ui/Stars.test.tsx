import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { Stars } from './Stars';

describe('Stars', () => {
  it('fills the share of five the score is, to tenths, with two rows of stars', () => {
    const { container } = render(<Stars value={4.3} label="4.3 stars of 5" />);
    const stars = screen.getByRole('img', { name: '4.3 stars of 5' });
    const filled = stars.querySelector<HTMLElement>('span');
    expect(filled?.style.width).toBe('86%');
    expect(container.querySelectorAll('svg')).toHaveLength(2);
    expect(container.querySelectorAll('path')).toHaveLength(10);
  });

  it('keeps a score within none and five, and is decoration without a label', () => {
    const { container } = render(<Stars value={7} />);
    expect(screen.queryByRole('img')).toBeNull();
    expect(container.querySelector<HTMLElement>('span > span')?.style.width).toBe('100%');
  });
});
