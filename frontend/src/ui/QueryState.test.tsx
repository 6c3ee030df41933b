import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ApiError } from '@/lib/api-error';
import { ErrorState } from './QueryState';

describe('ErrorState', () => {
  it("is the page's h1 where it stands in for a whole page", () => {
    render(<ErrorState pageHeading error={new ApiError(404, {})} />);
    expect(screen.getByRole('heading', { level: 1 })).toBeInTheDocument();
  });

  it('is no heading inside a page that has its own', () => {
    render(<ErrorState error={new ApiError(404, {})} />);
    expect(screen.queryByRole('heading')).toBeNull();
    expect(screen.getByRole('alert')).not.toBeEmptyDOMElement();
  });
});
