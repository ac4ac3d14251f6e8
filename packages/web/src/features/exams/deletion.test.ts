import { describe, expect, it } from 'vitest';
import { deleteNeedsVotes, deleteRefusal } from './deletion';

const table = (...votes: ('true' | 'false' | '')[]) => ({
  data: [{ Users: [{ Votes: votes.map((Vote, index) => ({ ID: index + 1, Fullname: `Экзаменатор ${index + 1}`, Vote })) }] }],
});

describe('whether an exam can be deleted', () => {
  it('refuses a signed exam without reading its votes', () => {
    const signed = { SignedBy: [20], Status: 'Завершен' as const };
    expect(deleteNeedsVotes(signed)).toBe(false);
    expect(deleteRefusal(signed, undefined)).toBe('signed');
  });

  it('lets a waiting exam go: nobody votes before the start', () => {
    const waiting = { SignedBy: [], Status: 'Ожидается' as const };
    expect(deleteNeedsVotes(waiting)).toBe(false);
    expect(deleteRefusal(waiting, undefined)).toBeNull();
  });

  it('reads the votes of a begun exam: any vote keeps it, none lets it go', () => {
    const begun = { SignedBy: [], Status: 'В процессе' as const };
    expect(deleteNeedsVotes(begun)).toBe(true);
    expect(deleteRefusal(begun, undefined)).toBeUndefined();
    expect(deleteRefusal(begun, table('', 'false'))).toBe('voted');
    expect(deleteRefusal(begun, table('', ''))).toBeNull();
    // the votes could not be read: the server's answer will say
    expect(deleteRefusal(begun, null)).toBeNull();
  });
});
