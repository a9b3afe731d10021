/**
 * @jest-environment jsdom
 */
import { act, render } from '@testing-library/react';
import { createStore } from 'jotai';
import { StoreProvider } from '../state/store';
import { deviceAtom } from './deviceAtom';
import { DeviceSync } from './DeviceSync';

function resizeTo(width: number) {
  Object.defineProperty(window, 'innerWidth', { configurable: true, value: width });
  window.dispatchEvent(new Event('resize'));
}

const nextFrame = () => new Promise((resolve) => requestAnimationFrame(() => resolve(undefined)));

describe('DeviceSync', () => {
  it('keeps deviceAtom, <html data-device> and the root font size in step with the width', async () => {
    Object.defineProperty(window, 'innerWidth', { configurable: true, value: 375 });
    const store = createStore();
    render(
      <StoreProvider store={store}>
        <DeviceSync />
      </StoreProvider>,
    );
    const html = document.documentElement;
    expect(store.get(deviceAtom)).toBe('mobile');
    expect(html.dataset.device).toBe('mobile');
    expect(html.style.fontSize).toBe('50px');

    const cases = [
      [767, 'mobile', '100px'],
      [768, 'tablet', '100px'],
      [991, 'tablet', '100px'],
      [992, 'desktop', '100px'],
      [1200, 'desktop', '100px'],
      [600, 'mobile', '80px'],
    ] as const;
    for (const [width, device, font] of cases) {
      await act(async () => {
        resizeTo(width);
        await nextFrame();
      });
      expect(store.get(deviceAtom)).toBe(device);
      expect(html.dataset.device).toBe(device);
      expect(html.style.fontSize).toBe(font);
    }
  });
});
