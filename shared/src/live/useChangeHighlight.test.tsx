/** @jest-environment jsdom */
import { act, renderHook } from '@testing-library/react';
import { CHANGE_HIGHLIGHT_MS, LIVE_CHANGED_CLASS, useChangeHighlight } from './useChangeHighlight';

describe('useChangeHighlight', () => {
  afterEach(() => jest.useRealTimers());

  it('marks a changed version for CHANGE_HIGHLIGHT_MS; not the first render, nor a row now showing another market', () => {
    jest.useFakeTimers();
    const { result, rerender } = renderHook(({ version, id }) => useChangeHighlight(version, id), {
      initialProps: { version: 'a', id: '7' },
    });
    expect(result.current).toBeUndefined();
    rerender({ version: 'b', id: '7' });
    expect(result.current).toBe(LIVE_CHANGED_CLASS);
    act(() => jest.advanceTimersByTime(CHANGE_HIGHLIGHT_MS - 1));
    expect(result.current).toBe(LIVE_CHANGED_CLASS);
    act(() => jest.advanceTimersByTime(1));
    expect(result.current).toBeUndefined();
    rerender({ version: 'c', id: '8' });
    expect(result.current).toBeUndefined();
  });
});
