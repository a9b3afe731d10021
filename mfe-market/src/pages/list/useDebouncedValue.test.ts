import { act, renderHook } from '@testing-library/react';
import { useDebouncedValue } from './useDebouncedValue';

beforeEach(() => jest.useFakeTimers());
afterEach(() => jest.useRealTimers());

describe('useDebouncedValue', () => {
  it('returns the first value at once', () => {
    const { result } = renderHook(() => useDebouncedValue('eth', 300));
    expect(result.current).toBe('eth');
  });

  it('follows a value only once it has stayed the same for the delay', () => {
    const { result, rerender } = renderHook(({ value }) => useDebouncedValue(value, 300), { initialProps: { value: '' } });
    rerender({ value: 'b' });
    act(() => jest.advanceTimersByTime(200));
    rerender({ value: 'bi' });
    act(() => jest.advanceTimersByTime(200));
    rerender({ value: 'bit' });
    act(() => jest.advanceTimersByTime(299));
    expect(result.current).toBe('');
    act(() => jest.advanceTimersByTime(1));
    expect(result.current).toBe('bit');
  });

  it('drops a pending change when the value comes back before the delay', () => {
    const { result, rerender } = renderHook(({ value }) => useDebouncedValue(value, 300), { initialProps: { value: 'a' } });
    rerender({ value: 'ab' });
    rerender({ value: 'a' });
    act(() => jest.advanceTimersByTime(1000));
    expect(result.current).toBe('a');
  });
});
