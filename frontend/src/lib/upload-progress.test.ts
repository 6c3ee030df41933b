import { act, renderHook } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { trackUpload, useUploadProgress } from './upload-progress';

describe('upload progress', () => {
  it('adds up every upload on its way, and is null when none is', () => {
    const { result } = renderHook(() => useUploadProgress());
    expect(result.current).toBeNull();
    let avatar!: ReturnType<typeof trackUpload>;
    let video!: ReturnType<typeof trackUpload>;
    act(() => {
      avatar = trackUpload();
      video = trackUpload();
    });
    expect(result.current).toBe(0);
    act(() => {
      avatar.progress(50, 100);
      video.progress(100, 300);
    });
    expect(result.current).toBe(150 / 400);
    act(() => avatar.done());
    expect(result.current).toBe(100 / 300);
    act(() => video.done());
    expect(result.current).toBeNull();
  });
});
