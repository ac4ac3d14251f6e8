import { readFileSync } from 'node:fs';
import path from 'node:path';
import { type APIRequestContext, expect, type Page } from '@playwright/test';
import { ACCOUNTS } from './accounts.js';

/**
 * Test data for the testing journeys, made through the admin API: a plan with one topic and one
 * test, its questions, and a trainee of its own following that plan (so journeys never share a
 * person or a test).
 */

export interface QuestionData {
  text: string;
  /** Texts of variants A, B, C… (A–D required, E and F optional). */
  variants: string[];
  /** The index of the correct variant in `variants`. */
  correct: number;
}

export interface TestData {
  planId: number;
  topicId: number;
  testId: number;
  name: string;
  questions: QuestionData[];
}

export interface TraineeData {
  id: number;
  iin: string;
  password: string;
  fullname: string;
}

const LETTERS = ['A', 'B', 'C', 'D', 'E', 'F'] as const;

/** A valid IIN (the mod-11 check digit of learner-and-instructor.md's national ID) not used by the demo data. */
export function freshIin(): string {
  for (;;) {
    const body = `9${String(Math.floor(Math.random() * 1e10)).padStart(10, '0')}`;
    const digits = [...body].map(Number);
    const weighted = (weights: number[]) => weights.reduce((sum, w, i) => sum + w * (digits[i] ?? 0), 0) % 11;
    let check = weighted([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11]);
    if (check === 10) check = weighted([3, 4, 5, 6, 7, 8, 9, 10, 11, 1, 2]);
    if (check !== 10) return `${body}${check}`;
  }
}

/** A unique suffix for names made by one run. */
export const runTag = () => `${Date.now().toString(36)}${Math.floor(Math.random() * 1296).toString(36)}`;

export class AdminApi {
  private constructor(
    private readonly request: APIRequestContext,
    private readonly token: string,
  ) {}

  static async signIn(request: APIRequestContext): Promise<AdminApi> {
    const login = await request.post('/api/user/login', { data: { iin: ACCOUNTS.admin.iin, password: ACCOUNTS.admin.password } });
    expect(login.ok(), await login.text()).toBe(true);
    return new AdminApi(request, (await login.json()).user.Token);
  }

  private get headers() {
    return { authorization: `Bearer ${this.token}` };
  }

  async call<T = Record<string, unknown>>(method: 'GET' | 'POST' | 'PUT' | 'DELETE', path: string, data?: unknown): Promise<T> {
    const response = await this.request.fetch(path, { method, headers: this.headers, data });
    const text = await response.text();
    expect(response.ok(), `${method} ${path}: ${response.status()} ${text}`).toBe(true);
    return JSON.parse(text) as T;
  }

  /** A plan with one production topic and one test holding `questions` (`webinar`: a test of the topic's webinars). */
  async createTest(options: {
    name: string;
    duration: number;
    passMarks: number;
    questions: QuestionData[];
    webinar?: boolean;
  }): Promise<TestData> {
    const plan = await this.call<{ data: { ID: number } }>('POST', '/api/subject/newplan', {
      Name: `План: ${options.name}`,
      Description: 'Создан автоматической проверкой тестирования',
      Duty: ['Оператор'],
    });
    const topic = await this.call<{ data: { ID: number } }>('POST', '/api/subject/newtopic', {
      PlanID: plan.data.ID,
      Name: `Тема: ${options.name}`,
      IDNumber: '1.1',
      Position: 1,
      TypeID: 9,
      EduType: 11,
      TotalHour: 2,
    });
    const test = await this.call<{ data: { ID: number } }>('POST', '/api/exam/newtest', {
      Name: options.name,
      PlanID: plan.data.ID,
      TopicID: topic.data.ID,
      Duration: options.duration,
      PassMarks: options.passMarks,
      ...(options.webinar ? { Type: true, Position: 1 } : {}),
    });
    for (const [index, question] of options.questions.entries()) {
      const variants = Object.fromEntries(LETTERS.map((letter, i) => [`Variant${letter}`, question.variants[i] ?? '']));
      await this.call('POST', '/api/question/new', {
        TestID: test.data.ID,
        QuestionText: question.text,
        Position: index,
        ...variants,
        CorrectAnswer: LETTERS[question.correct],
      });
    }
    return { planId: plan.data.ID, topicId: topic.data.ID, testId: test.data.ID, name: options.name, questions: options.questions };
  }

  /** A new trainee following `planId`. */
  async createTrainee(planId: number, fullname: string): Promise<TraineeData> {
    const iin = freshIin();
    const password = 'Learn2026!';
    const created = await this.call<{ user: { ID: number } }>('POST', '/api/user/new', {
      IIN: iin,
      Fullname: fullname,
      Password: password,
      RoleID: 3,
      PlanID: planId,
      Department: 'Цех подготовки нефти и газа',
      Duty: 'Оператор',
    });
    return { id: created.user.ID, iin, password, fullname };
  }

  /** Uploads a person's photo (`/uploadI` with `UserID`), as the users' screens do. */
  async uploadPhoto(userId: number, file: string) {
    const response = await this.request.post('/uploadI', {
      headers: this.headers,
      multipart: { UserID: String(userId), file: { name: path.basename(file), mimeType: 'image/jpeg', buffer: readFileSync(file) } },
    });
    expect(response.ok(), await response.text()).toBe(true);
  }

  /** A staff account (2 examiner, 5 region) with a fresh IIN. */
  async createStaff(role: 2 | 5, fullname: string): Promise<TraineeData> {
    const iin = freshIin();
    const password = 'Staff2026!';
    const created = await this.call<{ user: { ID: number } }>('POST', '/api/user/new', {
      IIN: iin,
      Fullname: fullname,
      Username: `e2e${iin}`,
      Password: password,
      RoleID: role,
    });
    return { id: created.user.ID, iin, password, fullname };
  }

  /** A webinar on the test's topic for the demo teacher, starting at `begin`; answers its ID. */
  async createWebinar(data: TestData, name: string, begin: Date): Promise<number> {
    const teachers = await this.call<{ data: { ID: number; Fullname: string }[] }>('GET', '/api/user/getteachers');
    const teacher = teachers.data.find((person) => person.Fullname === ACCOUNTS.teacher.name);
    expect(teacher, 'the demo teacher').toBeDefined();
    const created = await this.call<{ web: { ID: number } }>('POST', '/api/web/new', {
      Name: name,
      Description: 'Создан автоматической проверкой вебинаров',
      BeginTime: begin.toISOString(),
      Duration: 60,
      PlanID: data.planId,
      TopicID: data.topicId,
      TeacherID: teacher?.ID,
    });
    return created.web.ID;
  }

  /** A retake of `testId` for `userId` from `date`. */
  async createRetake(userId: number, testId: number, date: Date): Promise<number> {
    const iso = date.toISOString().replace(/\.\d{3}Z$/, 'Z');
    const created = await this.call<{ data: { ID: number } }>('POST', '/api/retake/new', { UserID: userId, TestID: testId, Date: iso });
    return created.data.ID;
  }
}

/** Where a trainee stands with a test as the API tells it (GET /api/exam/user/test, signed in as them). */
export async function standingOf(
  request: APIRequestContext,
  trainee: TraineeData,
  testId: number,
): Promise<{ Status: string; AttemptID: number | null }> {
  const login = await request.post('/api/user/login', { data: { iin: trainee.iin, password: trainee.password } });
  expect(login.ok(), await login.text()).toBe(true);
  const token = (await login.json()).user.Token as string;
  const response = await request.get('/api/exam/user/test', { headers: { authorization: `Bearer ${token}` } });
  expect(response.ok(), await response.text()).toBe(true);
  const tests = (await response.json()).data as { ID: number; Status: string; AttemptID: number | null }[];
  const found = tests.find((test) => test.ID === testId);
  expect(found, `test ${testId} in the trainee's list`).toBeDefined();
  return { Status: found?.Status ?? '', AttemptID: found?.AttemptID ?? null };
}

/** Five questions on pump repair: one with five variants, one with six, the rest with four. */
export function pumpQuestions(): QuestionData[] {
  return [
    { text: 'Что создаёт напор в центробежном насосе?', variants: ['Рабочее колесо', 'Сальник', 'Подшипник', 'Муфта'], correct: 0 },
    {
      text: 'Чем проверяют соосность валов?',
      variants: ['Манометром', 'Индикатором часового типа', 'Термометром', 'Ареометром'],
      correct: 1,
    },
    {
      text: 'Что делают перед разборкой насоса?',
      variants: ['Включают насос', 'Открывают задвижки', 'Сбрасывают давление', 'Ничего', 'Смазывают корпус'],
      correct: 2,
    },
    {
      text: 'Как часто меняют сальниковую набивку?',
      variants: ['Никогда', 'Каждый час', 'Раз в 10 лет', 'По регламенту', 'После каждого пуска', 'Когда насос остановлен'],
      correct: 3,
    },
    {
      text: 'Что означает кавитация?',
      variants: ['Нагрев масла', 'Вибрация фундамента', 'Утечка через фланец', 'Вскипание жидкости'],
      correct: 3,
    },
  ];
}

// ——— answering in the browser ———
// Every attempt has its own shuffled order of the questions (GET /api/questions/test:{id} answers a
// trainee's questions in their attempt's order, «Вопрос N из M» counts positions in it): a journey
// reads which question is on screen and looks it up by its text, never assumes the test's order.

/** The text of the question on screen: the question card's level-2 heading. */
export const questionHeading = (page: Page) => page.getByTestId('question').getByRole('heading', { level: 2 });

/** The correct variant's text. */
export const rightVariant = (question: QuestionData) => question.variants[question.correct] as string;

/** A wrong variant's text (the one after the correct). */
export const wrongVariant = (question: QuestionData) => question.variants[(question.correct + 1) % question.variants.length] as string;

/**
 * The question shown at `position` (1-based, as «Вопрос N из M» counts): waits until the card stands
 * there, reads its heading, and answers the question of `questions` with that text.
 */
export async function questionAt(page: Page, questions: readonly QuestionData[], position: number): Promise<QuestionData> {
  await expect(page.getByTestId('question-number')).toHaveText(new RegExp(`^Вопрос ${position} из \\d+$`));
  const text = ((await questionHeading(page).textContent()) ?? '').trim();
  const found = questions.find((question) => question.text === text);
  expect(found, `the question at position ${position}, «${text}», is one of the test's`).toBeDefined();
  return found as QuestionData;
}

/** Picks the variant with `text`, answers, and waits until the server confirmed the answer. */
export async function answer(page: Page, text: string) {
  await page.getByTestId('question').getByRole('radio', { name: text, exact: true }).check();
  await page.getByRole('button', { name: 'Ответить' }).click();
  await expect(page.getByTestId('answer-saved')).toHaveText(/Ответ сохранён/);
}

/**
 * Answers the question at `position` with the variant `choose` picks for it (the correct one unless
 * told), once the server confirmed it; answers that question.
 */
export async function answerAt(
  page: Page,
  questions: readonly QuestionData[],
  position: number,
  choose: (question: QuestionData) => string = rightVariant,
): Promise<QuestionData> {
  const question = await questionAt(page, questions, position);
  await answer(page, choose(question));
  return question;
}
