import { windowWidth } from '@prds/shared/chains';
import { atomWithLazyDefault } from '@prds/shared/state';
import { detectDevice, type Device } from './device';

// Read from the browser when a store first needs it, so the first render already has the right device.
export const deviceAtom = atomWithLazyDefault<Device>(() => {
  const width = windowWidth();
  return width === null ? 'desktop' : detectDevice(width);
});
