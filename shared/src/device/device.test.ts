import { detectDevice, rootFontSize } from './device';

describe('detectDevice (mobile < 768 ≤ tablet < 992 ≤ desktop)', () => {
  it.each([
    [320, 'mobile'],
    [375, 'mobile'],
    [767, 'mobile'],
    [768, 'tablet'],
    [991, 'tablet'],
    [992, 'desktop'],
    [1200, 'desktop'],
    [2560, 'desktop'],
  ] as const)('%i px → %s', (width, device) => {
    expect(detectDevice(width)).toBe(device);
  });
});

describe('rootFontSize (width / 750 × 100, capped at 100px)', () => {
  it.each([
    [375, 50],
    [750, 100],
    [767, 100],
    [768, 100],
    [991, 100],
    [992, 100],
    [1200, 100],
  ] as const)('%i px → %f px', (width, size) => {
    expect(rootFontSize(width)).toBeCloseTo(size, 10);
  });

  it('scales linearly below the design width', () => {
    expect(rootFontSize(414)).toBeCloseTo(55.2, 10);
    expect(rootFontSize(600)).toBeCloseTo(80, 10);
    expect(rootFontSize(749)).toBeLessThan(100);
  });
});
