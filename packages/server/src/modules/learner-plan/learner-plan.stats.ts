import type { PlanStatistic } from '@oqu/contracts';

/**
 * The arithmetic of a trainee's progress, kept free of floating-point drift: hours are counted in
 * whole tenths (the database keeps one decimal), and a percent is rounded from a ratio of integers,
 * half up, to one decimal (learner-and-instructor.md §9).
 */

/** `part ÷ whole × 100`, rounded half up to one decimal; 0 when `whole` is 0. Both must be integers ≥ 0. */
export function percentOf(part: number, whole: number): number {
  if (whole <= 0) return 0;
  // tenths of a percent = part × 1000 ÷ whole, rounded half up, in integer arithmetic
  const numerator = part * 2000 + whole;
  const denominator = whole * 2;
  return (numerator - (numerator % denominator)) / denominator / 10;
}

/** Hours as whole tenths: '2.5' → 25, 4 → 40. */
export function tenthsOf(hours: string | number): number {
  return Math.round(Number(hours) * 10);
}

/** Tenths back to hours: 65 → 6.5. */
export const hoursOf = (tenths: number) => tenths / 10;

/** A finished attempt's score in percent (one decimal); an attempt of no questions scores 0. */
export function resultPercent(correct: number, questions: number): number {
  return percentOf(Math.min(correct, questions), questions);
}

/**
 * A topic is completed when it has a test and every one of its tests is passed; a topic without tests,
 * when it has SCORM packages, every one is completed and none failed. A topic with neither never is.
 */
export function isCompleted(
  tests: readonly { Passed: boolean }[],
  scorm: readonly { Progress: { CompletionStatus: string; SuccessStatus: string } }[] = [],
): boolean {
  if (tests.length > 0) return tests.every((test) => test.Passed);
  return (
    scorm.length > 0 && scorm.every((item) => item.Progress.CompletionStatus === 'completed' && item.Progress.SuccessStatus !== 'failed')
  );
}

/**
 * One entry per topic type, in the given order (9 production, then 10 theoretical), even when the
 * plan has no topic of that type: TotalHour of all its topics, Hour of the completed ones, Percent.
 */
export function planStatistics(
  types: readonly { id: number; name: string }[],
  topics: readonly { typeId: number; hours: string | number; completed: boolean }[],
): PlanStatistic[] {
  return types.map((type) => {
    let total = 0;
    let done = 0;
    for (const topic of topics) {
      if (topic.typeId !== type.id) continue;
      const tenths = tenthsOf(topic.hours);
      total += tenths;
      if (topic.completed) done += tenths;
    }
    return { Typeid: type.id, Name: type.name, TotalHour: hoursOf(total), Hour: hoursOf(done), Percent: percentOf(done, total) };
  });
}
