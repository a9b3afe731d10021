import { useLayoutEffect } from 'react';
import { useSetAtom } from 'jotai';
import { deviceAtom } from './deviceAtom';
import { detectDevice, rootFontSize } from './device';

/** Applies the width rules to the page; returns the device it found. */
export function applyDeviceToDocument(width: number, doc: Document = document) {
  const device = detectDevice(width);
  const html = doc.documentElement;
  html.dataset.device = device;
  html.style.fontSize = `${rootFontSize(width)}px`;
  return device;
}

/** Keeps deviceAtom, `<html data-device>` and the root font size in step with the window width. */
export function useDeviceSync(): void {
  const setDevice = useSetAtom(deviceAtom);
  useLayoutEffect(() => {
    let frame = 0;
    const sync = () => {
      frame = 0;
      setDevice(applyDeviceToDocument(window.innerWidth));
    };
    // Resize fires many times per frame while dragging; one update per frame is enough.
    const onResize = () => {
      if (frame === 0) frame = window.requestAnimationFrame(sync);
    };
    sync();
    window.addEventListener('resize', onResize);
    window.addEventListener('orientationchange', onResize);
    return () => {
      window.removeEventListener('resize', onResize);
      window.removeEventListener('orientationchange', onResize);
      if (frame !== 0) window.cancelAnimationFrame(frame);
    };
  }, [setDevice]);
}

export function DeviceSync(): null {
  useDeviceSync();
  return null;
}
