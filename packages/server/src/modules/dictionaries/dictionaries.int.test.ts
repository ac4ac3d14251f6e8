import { ALL_ROLES, EduType, TopicType } from '@oqu/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestApp, type TestApp } from '../../test/app.js';

const TOPIC_TYPES = {
  ru: ['Производственное обучение', 'Теоретическое обучение'],
  en: ['Production training', 'Theoretical training'],
  kk: ['Өндірістік оқыту', 'Теориялық оқыту'],
};
const EDU_TYPES = {
  ru: ['Очное обучение', 'Дистанционное обучение'],
  en: ['In-person training', 'Distance training'],
  kk: ['Күндізгі оқыту', 'Қашықтықтан оқыту'],
};

describe('dictionaries', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const get = async (url: string, headers: Record<string, string> = {}) =>
    t.app.inject({ method: 'GET', url, headers: { ...bearer(await t.tokenOf(ALL_ROLES[0])), ...headers } });

  it('answers the topic types 9 and 10 in Russian by default', async () => {
    const response = await get('/api/gettopictype');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      status: true,
      message: '',
      data: [
        { ID: TopicType.Production, Name: TOPIC_TYPES.ru[0] },
        { ID: TopicType.Theoretical, Name: TOPIC_TYPES.ru[1] },
      ],
    });
    expect(response.json().data.map((d: { ID: number }) => d.ID)).toEqual([9, 10]);
  });

  it('answers the education types 11 and 12', async () => {
    const response = await get('/api/gettopicedutype');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      status: true,
      message: '',
      data: [
        { ID: EduType.InPerson, Name: EDU_TYPES.ru[0] },
        { ID: EduType.Distance, Name: EDU_TYPES.ru[1] },
      ],
    });
    expect(response.json().data.map((d: { ID: number }) => d.ID)).toEqual([11, 12]);
  });

  it('answers the names in the caller’s language', async () => {
    const cases: [string, keyof typeof TOPIC_TYPES][] = [
      ['en', 'en'],
      ['en-GB,en;q=0.9', 'en'],
      ['kk', 'kk'],
      ['kk-KZ,ru;q=0.5', 'kk'],
      ['ru-RU', 'ru'],
      ['de-DE', 'ru'],
    ];
    for (const [header, language] of cases) {
      const topics = await get('/api/gettopictype', { 'accept-language': header });
      expect(topics.json().data, header).toEqual([
        { ID: 9, Name: TOPIC_TYPES[language][0] },
        { ID: 10, Name: TOPIC_TYPES[language][1] },
      ]);
      const edu = await get('/api/gettopicedutype', { 'accept-language': header });
      expect(edu.json().data, header).toEqual([
        { ID: 11, Name: EDU_TYPES[language][0] },
        { ID: 12, Name: EDU_TYPES[language][1] },
      ]);
    }
  });

  it('answers every signed-in role', async () => {
    for (const role of ALL_ROLES) {
      for (const url of ['/api/gettopictype', '/api/gettopicedutype']) {
        const response = await t.app.inject({ method: 'GET', url, headers: bearer(await t.tokenOf(role)) });
        expect(response.statusCode, `${url} as ${role}`).toBe(200);
        expect(response.json().data).toHaveLength(2);
      }
    }
  });

  it('asks callers without a token to sign in', async () => {
    for (const url of ['/api/gettopictype', '/api/gettopicedutype']) {
      const response = await t.app.inject({ method: 'GET', url });
      expect(response.statusCode).toBe(401);
      expect(response.json()).toEqual({ status: false, message: 'Войдите в систему' });
      const english = await t.app.inject({ method: 'GET', url, headers: { 'accept-language': 'en' } });
      expect(english.json()).toEqual({ status: false, message: 'Please sign in' });
    }
  });
});
