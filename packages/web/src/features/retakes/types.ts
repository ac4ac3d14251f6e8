import type { RetakeUser } from '@oqu/contracts';

/**
 * Shapes of the retake calls and of the gradebook journal (admin-back-office.md §3 Journal entry,
 * Retake; §7 Retakes), from the contracts.
 */
export type { JournalEntry, Retake, RetakeRequest } from '@oqu/contracts';

/** GET /api/retake/getuser?tabel={n}: the person and the tests of their plan. */
export type RetakeCandidate = RetakeUser;
