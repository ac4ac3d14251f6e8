import { describe, expect, it } from 'vitest';
import { regionGroups, votesInOrder } from './exams.presenter.js';

const vote = (e: number, a: boolean) => ({ e, a });

describe('exams presenter', () => {
  it('lists each examiner’s vote in the examiners’ order, empty where none', () => {
    expect(votesInOrder([vote(3, false), vote(1, true)], [1, 2, 3])).toEqual(['true', '', 'false']);
  });

  it('groups participants by the exam’s regions in their order, one group without regions', () => {
    const people = [
      { id: 1, region_id: 20 },
      { id: 2, region_id: 10 },
      { id: 3, region_id: 20 },
    ];
    const exam = {
      regions: [
        { id: 20, name: 'Восток' },
        { id: 10, name: 'Запад' },
        { id: 30, name: 'Юг' },
      ],
    };
    expect(regionGroups(exam, people, 'Без региона').map((g) => [g.region.id, g.members.map((m) => m.id)])).toEqual([
      [20, [1, 3]],
      [10, [2]],
      [30, []],
    ]);
    expect(regionGroups(exam, people, 'Без региона', 10).map((g) => g.region.id)).toEqual([10]);
    expect(regionGroups({ regions: [] }, people, 'Без региона')).toEqual([{ region: { id: 0, name: 'Без региона' }, members: people }]);
  });
});
