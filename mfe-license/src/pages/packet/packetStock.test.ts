import { packetsLeft } from './packetStock';

const types = (common: number | null, scarcity: number | null, attributive: number | null) => [
  { type: 'common' as const, remaining: common },
  { type: 'scarcity' as const, remaining: scarcity },
  { type: 'attributive' as const, remaining: attributive },
];

describe('packetsLeft', () => {
  it('is decided by the scarcest type the packet holds', () => {
    // 2 common + 1 scarcity + 1 attributive; 99 attributive left.
    expect(packetsLeft({ counts: { common: 2, scarcity: 1, attributive: 1 } }, types(9_990, 998, 99))).toBe(99);
    // 5 common: 9,990 / 5.
    expect(packetsLeft({ counts: { common: 5, scarcity: 0, attributive: 0 } }, types(9_990, 0, 0))).toBe(1_998);
    // 3 common + 1 scarcity with 7 common left: two more.
    expect(packetsLeft({ counts: { common: 3, scarcity: 1, attributive: 0 } }, types(7, 500, 0))).toBe(2);
  });

  it('is 0 once one of its types is sold out, and unknown (null) when none it holds is limited', () => {
    expect(packetsLeft({ counts: { common: 2, scarcity: 1, attributive: 1 } }, types(100, 100, 0))).toBe(0);
    expect(packetsLeft({ counts: { common: 1, scarcity: 0, attributive: 0 } }, types(null, 0, 0))).toBeNull();
  });
});
