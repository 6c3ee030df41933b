import { act, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { LazyWhenNear } from './LazyWhenNear';

class NeverNear {
  observe() {}
  disconnect() {}
}

afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

describe('LazyWhenNear', () => {
  it('holds the place, then renders when the browser is idle', () => {
    vi.useFakeTimers();
    vi.stubGlobal('IntersectionObserver', NeverNear);
    vi.stubGlobal('requestIdleCallback', undefined);
    render(
      <LazyWhenNear minHeight={300} id="place">
        <p>Below the fold</p>
      </LazyWhenNear>,
    );
    expect(screen.queryByText('Below the fold')).toBeNull();
    expect(document.getElementById('place')).toHaveStyle({ minHeight: '300px' });
    act(() => vi.advanceTimersByTime(2000));
    expect(screen.getByText('Below the fold')).toBeInTheDocument();
  });

  it('renders at once when eager', () => {
    vi.stubGlobal('IntersectionObserver', NeverNear);
    render(
      <LazyWhenNear minHeight={300} eager>
        <p>Asked for</p>
      </LazyWhenNear>,
    );
    expect(screen.getByText('Asked for')).toBeInTheDocument();
  });
});
