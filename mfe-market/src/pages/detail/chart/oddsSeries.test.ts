import { latestProbabilities, oddsLines } from './oddsSeries';

const point = (time: number, probabilities: (string | null)[]) => ({
  time,
  blockNumber: time,
  pool: '0',
  stakes: [],
  odds: [],
  probabilities,
});

describe('oddsLines', () => {
  it('makes one line per option in percent, ordered by time', () => {
    const lines = oddsLines({
      options: ['Yes', 'No'],
      points: [point(100, ['0.5', '0.5']), point(160, ['0.625', '0.375'])],
    });
    expect(lines).toEqual([
      {
        option: 0,
        points: [
          { time: 100, value: 50 },
          { time: 160, value: 62.5 },
        ],
      },
      {
        option: 1,
        points: [
          { time: 100, value: 50 },
          { time: 160, value: 37.5 },
        ],
      },
    ]);
  });

  it('keeps the last trade of a second and skips options without a probability', () => {
    const lines = oddsLines({
      options: [null, null, null],
      points: [point(100, ['0.5', '0.5', null]), point(100, ['0.4', '0.6', null]), point(90, ['0.2', '0.8', null])],
    });
    expect(lines[0]?.points).toEqual([
      { time: 90, value: 20 },
      { time: 100, value: 40 },
    ]);
    expect(lines[2]?.points).toEqual([]);
  });

  it('is empty lines with no trades', () => {
    expect(oddsLines({ options: ['A', 'B'], points: [] })).toEqual([
      { option: 0, points: [] },
      { option: 1, points: [] },
    ]);
  });
});

describe('latestProbabilities', () => {
  it('reads the last point', () => {
    expect(latestProbabilities({ options: ['A', 'B'], points: [point(1, ['0.1', '0.9']), point(2, ['0.3', '0.7'])] })).toEqual([
      '0.3',
      '0.7',
    ]);
    expect(latestProbabilities({ options: ['A', 'B'], points: [] })).toEqual([null, null]);
  });
});
