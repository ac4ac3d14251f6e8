import type { Test } from '@oqu/contracts';
import { describe, expect, it } from 'vitest';
import { testInitialValues, testRequestBody } from './testForm';

const values = {
  Type: false,
  Name: ' Охрана труда ',
  Description: ' Итоговый ',
  PlanID: 2,
  TopicID: 5,
  Duration: 45,
  PassMarks: 70,
  Position: 3,
};

describe('testInitialValues', () => {
  it('starts a new test with 60 minutes and pass mark 0, not tied to a webinar', () => {
    expect(testInitialValues()).toMatchObject({ Type: false, Duration: 60, PassMarks: 0, Position: null });
  });

  it('takes the plan and topic the list was filtered by; a topic only with its plan', () => {
    expect(testInitialValues(undefined, { plan: 2, topic: 5 })).toMatchObject({ PlanID: 2, TopicID: 5 });
    expect(testInitialValues(undefined, { topic: 5 })).toMatchObject({ PlanID: undefined, TopicID: undefined });
  });

  it('takes a saved test’s values', () => {
    const saved = {
      ID: 1,
      Test: 'A',
      Name: 'A',
      Description: 'd',
      PlanID: 2,
      TopicID: 3,
      Plan: 'p',
      Topic: 't',
      Duration: 30,
      PassMarks: 80,
      Passmarks: 80,
      Questions: 10,
      Passed: 1,
      Attempts: 2,
      Type: true,
      Position: 1,
      Date: '2026-01-01T00:00:00+06:00',
    } satisfies Test;
    expect(testInitialValues(saved)).toEqual({
      Type: true,
      Name: 'A',
      Description: 'd',
      PlanID: 2,
      TopicID: 3,
      Duration: 30,
      PassMarks: 80,
      Position: 1,
    });
  });
});

describe('testRequestBody', () => {
  it('trims texts and drops the position of a test that is not a webinar’s', () => {
    expect(testRequestBody(values)).toEqual({
      Name: 'Охрана труда',
      Description: 'Итоговый',
      PlanID: 2,
      TopicID: 5,
      Duration: 45,
      PassMarks: 70,
      Type: false,
      Position: null,
    });
  });

  it('keeps the position of a webinar’s test, null when left empty', () => {
    expect(testRequestBody({ ...values, Type: true }).Position).toBe(3);
    expect(testRequestBody({ ...values, Type: true, Position: null }).Position).toBeNull();
    expect(testRequestBody({ ...values, Type: true, Position: 0 }).Position).toBe(0);
  });

  it('sends duration and pass marks as integers, with the defaults when empty', () => {
    expect(testRequestBody({ ...values, Duration: 44.6, PassMarks: 59.5 })).toMatchObject({ Duration: 45, PassMarks: 60 });
    expect(testRequestBody({ ...values, Duration: null, PassMarks: undefined })).toMatchObject({ Duration: 60, PassMarks: 0 });
  });
});
