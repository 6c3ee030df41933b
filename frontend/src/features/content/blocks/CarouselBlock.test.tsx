import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { CarouselBlock } from './CarouselBlock';

describe('the carousel', () => {
  // Found by axe in e2e: a slide's h3 came right after the page's h1.
  it('is a region headed at level 2, so the h3 titles its slides carry stay in order', () => {
    render(
      <MemoryRouter>
        <CarouselBlock carousel={{ slides: [{ description: '<h3>Stroke imaging</h3>' }, { description: '<h3>Second slide</h3>' }] }} />
      </MemoryRouter>,
    );
    const heading = screen.getByRole('heading', { level: 2, name: 'Highlights' });
    expect(screen.getByRole('region', { name: 'Highlights' })).toContainElement(heading);
    expect(screen.getByRole('heading', { level: 3, name: 'Stroke imaging' })).toBeInTheDocument();
  });
});
