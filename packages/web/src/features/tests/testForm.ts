import { DEFAULT_PASS_MARKS, DEFAULT_TEST_DURATION_MINUTES, type Test, type TestRequest } from '@oqu/contracts';

/** The test form's values and the request it sends (admin-back-office.md §2 Tests, §5). */

export interface TestValues {
  /** the test relates to a webinar */
  Type: boolean;
  Name: string;
  Description: string;
  PlanID?: number;
  TopicID?: number;
  Duration?: number | null;
  PassMarks?: number | null;
  Position?: number | null;
}

export function testInitialValues(test?: Test, preset: { plan?: number; topic?: number } = {}): TestValues {
  if (!test) {
    return {
      Type: false,
      Name: '',
      Description: '',
      PlanID: preset.plan,
      TopicID: preset.plan ? preset.topic : undefined,
      Duration: DEFAULT_TEST_DURATION_MINUTES,
      PassMarks: DEFAULT_PASS_MARKS,
      Position: null,
    };
  }
  return {
    Type: test.Type,
    Name: test.Name || test.Test,
    Description: test.Description,
    PlanID: test.PlanID,
    TopicID: test.TopicID,
    Duration: test.Duration,
    PassMarks: test.PassMarks ?? test.Passmarks,
    Position: test.Position,
  };
}

const integer = (value: unknown, fallback: number) => {
  const n = Number(value);
  return value === null || value === undefined || value === '' || !Number.isFinite(n) ? fallback : Math.round(n);
};

/**
 * POST /api/exam/newtest and PUT /api/exam/updatetest/{id}: duration and pass marks as integers
 * (defaults 60 and 0 when left empty); the position only for a webinar's test, else null.
 */
export function testRequestBody(values: TestValues): TestRequest {
  const position = values.Type && values.Position !== null && values.Position !== undefined ? integer(values.Position, 0) : null;
  return {
    Name: values.Name.trim(),
    Description: (values.Description ?? '').trim(),
    PlanID: Number(values.PlanID),
    TopicID: Number(values.TopicID),
    Duration: integer(values.Duration, DEFAULT_TEST_DURATION_MINUTES),
    PassMarks: integer(values.PassMarks, DEFAULT_PASS_MARKS),
    Type: values.Type,
    Position: position,
  };
}
