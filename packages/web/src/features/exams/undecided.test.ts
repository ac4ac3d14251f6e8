import { describe, expect, it } from 'vitest';
import { undecidedLines } from './undecided';

const trainees = (count: number) => Array.from({ length: count }, (_, index) => ({ ID: index + 1, Fullname: `Слушатель ${index + 1}` }));

describe('who is undecided', () => {
  it('puts the caller first, names up to the limit and counts the rest', () => {
    const lines = undecidedLines(
      [
        { ExamenatorID: 20, Fullname: 'Ахметова Г. С.', Trainees: trainees(2) },
        { ExamenatorID: 21, Fullname: 'Сейітқалиев Н. Б.', Trainees: trainees(7) },
      ],
      21,
      5,
    );
    expect(lines).toEqual([
      {
        examinerId: 21,
        name: 'Сейітқалиев Н. Б.',
        mine: true,
        count: 7,
        shown: ['Слушатель 1', 'Слушатель 2', 'Слушатель 3', 'Слушатель 4', 'Слушатель 5'],
        more: 2,
      },
      { examinerId: 20, name: 'Ахметова Г. С.', mine: false, count: 2, shown: ['Слушатель 1', 'Слушатель 2'], more: 0 },
    ]);
  });

  it('leaves out an examiner with nobody left to decide on, and the administrator is nobody’s "you"', () => {
    const lines = undecidedLines(
      [
        { ExamenatorID: 20, Fullname: 'Ахметова Г. С.', Trainees: [] },
        { ExamenatorID: 21, Fullname: 'Сейітқалиев Н. Б.', Trainees: trainees(1) },
      ],
      1,
    );
    expect(lines.map((line) => [line.examinerId, line.mine])).toEqual([[21, false]]);
    expect(undecidedLines([], 1)).toEqual([]);
  });
});
