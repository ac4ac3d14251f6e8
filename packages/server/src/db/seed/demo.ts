import { Role } from '@oqu/contracts';
import { hashPassword } from '../../lib/passwords.js';
import type { Db } from '../database.js';

/** Demo accounts, listed in README. Every IIN is valid (check digit included). */
export const DEMO_ACCOUNTS = [
  {
    role: Role.Admin,
    iin: '850101300005',
    login: 'admin',
    tabel: '1001',
    password: 'Admin2026!',
    name: ['Сулейменов', 'Ерлан', 'Маратович'],
    department: 'Учебный центр',
    duty: 'Администратор системы обучения',
  },
  {
    role: Role.Examiner,
    iin: '900215400003',
    login: 'examiner',
    tabel: '1002',
    password: 'Exam2026!',
    name: ['Ахметова', 'Гульнара', 'Серикбаевна'],
    department: 'Аттестационная комиссия',
    duty: 'Председатель экзаменационной комиссии',
  },
  {
    role: Role.Teacher,
    iin: '781203300007',
    login: 'teacher',
    tabel: '1003',
    password: 'Teach2026!',
    name: ['Петров', 'Андрей', 'Викторович'],
    department: 'Учебный центр',
    duty: 'Преподаватель по охране труда',
  },
  {
    role: Role.Trainee,
    iin: '950701400004',
    login: 'trainee',
    tabel: '2001',
    password: 'Learn2026!',
    name: ['Жумабаева', 'Айгерим', 'Болатовна'],
    department: 'Цех подготовки нефти и газа',
    duty: 'Оператор технологических установок',
  },
  {
    role: Role.Region,
    iin: '991111500003',
    login: 'region',
    tabel: null,
    password: 'Region2026!',
    name: ['Атырауский регион'],
    department: '',
    duty: '',
  },
] as const;

const MORE_TRAINEES = [
  {
    iin: '880312300018',
    tabel: '2002',
    name: ['Иванов', 'Сергей', 'Николаевич'],
    department: 'Цех подготовки нефти и газа',
    duty: 'Машинист насосных установок',
  },
  {
    iin: '920524400017',
    tabel: '2003',
    name: ['Касымова', 'Динара', 'Ержановна'],
    department: 'Служба охраны труда',
    duty: 'Инженер по охране труда',
  },
  {
    iin: '870819300022',
    tabel: '2004',
    name: ['Нурланов', 'Азамат', 'Кайратович'],
    department: 'Энергетическая служба',
    duty: 'Электромонтёр',
  },
  {
    iin: '910105400027',
    tabel: '2005',
    name: ['Смирнова', 'Ольга', 'Александровна'],
    department: 'Химическая лаборатория',
    duty: 'Лаборант химического анализа',
  },
  {
    iin: '860227300032',
    tabel: '2006',
    name: ['Оспанов', 'Бауыржан', 'Тлеуович'],
    department: 'Ремонтно-механический цех',
    duty: 'Слесарь-ремонтник',
  },
  {
    iin: '940630400037',
    tabel: '2007',
    name: ['Мухамеджанова', 'Асель', 'Муратовна'],
    department: 'Цех подготовки нефти и газа',
    duty: 'Оператор товарный',
  },
] as const;

export const DEMO_TRAINEE_PASSWORD = 'Learn2026!';

export async function seedDemo(db: Db): Promise<void> {
  const traineeHash = await hashPassword(DEMO_TRAINEE_PASSWORD);
  const people = [
    ...(await Promise.all(DEMO_ACCOUNTS.map(async (a) => ({ ...a, hash: await hashPassword(a.password) })))),
    ...MORE_TRAINEES.map((t, i) => ({ ...t, role: Role.Trainee, login: `trainee${i + 2}`, hash: traineeHash })),
  ];
  await db
    .insertInto('users')
    .values(
      people.map((p) => {
        const [last_name, first_name = '', middle_name = ''] = p.role === Role.Region ? ['', '', ''] : p.name;
        return {
          role_id: p.role,
          iin: p.iin,
          login: p.login,
          tabel: p.tabel,
          last_name,
          first_name,
          middle_name,
          full_name: p.name.join(' '),
          department: p.department,
          duty: p.duty,
          password_hash: p.hash,
        };
      }),
    )
    .execute();
}
