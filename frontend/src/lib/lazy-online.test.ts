import { afterEach, describe, expect, it, vi } from 'vitest';
import { retryWhenOnline } from './lazy-online';

describe('retryWhenOnline', () => {
  afterEach(() => vi.restoreAllMocks());

  it('waits for the connection to come back and loads again', async () => {
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    const load = vi.fn().mockRejectedValueOnce(new TypeError('Failed to fetch dynamically imported module')).mockResolvedValue('footer');
    let settled = false;
    const loading = retryWhenOnline(load, 3).then((value) => {
      settled = true;
      return value;
    });
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(settled).toBe(false);
    expect(load).toHaveBeenCalledTimes(1);

    window.dispatchEvent(new Event('online'));
    await expect(loading).resolves.toBe('footer');
    expect(load).toHaveBeenCalledTimes(2);
  });

  it('gives the error to the error boundary once its attempts are spent', async () => {
    vi.useFakeTimers();
    const failure = new TypeError('Failed to fetch dynamically imported module');
    const load = vi.fn().mockRejectedValue(failure);
    const loading = retryWhenOnline(load, 2);
    const outcome = expect(loading).rejects.toBe(failure);
    await vi.runAllTimersAsync();
    await outcome;
    expect(load).toHaveBeenCalledTimes(2);
    vi.useRealTimers();
  });
});
