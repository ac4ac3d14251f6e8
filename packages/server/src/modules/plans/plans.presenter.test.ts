import { describe, expect, it } from 'vitest';
import { toPlan, toPlansWithTopics } from './plans.presenter.js';
import type { PlanRecord } from './plans.repository.js';

const row: PlanRecord = {
  id: 4,
  name: 'Охрана труда',
  description: 'Ежегодно',
  duties: ['Оператор'],
  certificate_id: 2,
  edu_type_id: 11,
  certificate_name: 'Удостоверение',
  certificate_file_name: 'cert.pdf',
  certificate_key: 'certificates/0123456789abcdef0123456789abcdef.pdf',
  topic_count: 3,
  total_hours: '12.5',
  student_count: 7,
};

describe('plan presenter', () => {
  it('maps a row to the spec’s fields, hours as a number and the certificate embedded', () => {
    expect(toPlan(row)).toEqual({
      ID: 4,
      Plan: 'Охрана труда',
      Name: 'Охрана труда',
      Duty: ['Оператор'],
      Description: 'Ежегодно',
      CertificateID: 2,
      certificate: { ID: 2, Name: 'Удостоверение', FileName: 'cert.pdf', Path: '/files/certificates/0123456789abcdef0123456789abcdef.pdf' },
      Types: 11,
      Topiccount: 3,
      Studentcount: 7,
      Totalhour: 12.5,
    });
  });

  it('answers no certificate and zero figures for a bare plan', () => {
    const bare = {
      ...row,
      certificate_id: null,
      certificate_name: null,
      certificate_file_name: null,
      certificate_key: null,
      topic_count: 0,
      total_hours: '0',
    };
    expect(toPlan(bare)).toMatchObject({ CertificateID: null, certificate: null, Topiccount: 0, Totalhour: 0 });
  });

  it('groups topics under their plans, keeping both orders, and gives empty plans an empty list', () => {
    const plans = [
      { id: 2, name: 'А' },
      { id: 1, name: 'Б' },
    ];
    const topics = [
      { id: 10, plan_id: 1, name: 'Первая', type_id: 9 },
      { id: 12, plan_id: 1, name: 'Вторая', type_id: 10 },
      { id: 11, plan_id: 3, name: 'Чужая', type_id: 10 },
    ];
    expect(toPlansWithTopics(plans, topics)).toEqual([
      { ID: 2, Name: 'А', Plan: 'А', Topics: [] },
      {
        ID: 1,
        Name: 'Б',
        Plan: 'Б',
        Topics: [
          { ID: 10, Name: 'Первая', Topic: 'Первая', TypeID: 9 },
          { ID: 12, Name: 'Вторая', Topic: 'Вторая', TypeID: 10 },
        ],
      },
    ]);
  });
});
