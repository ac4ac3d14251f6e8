/** Where the webinar screens live in each layout (learner-and-instructor.md §2, admin-back-office.md §2). */
export type Layout = 'full' | 'compact';

export interface LearnerPaths {
  list: string;
  home: string;
  room: (id: number) => string;
  /** where "ask a question" leads */
  ask: (id: number) => string;
  thread: (id: number) => string;
  tests: (id: number) => string;
  testing: (testId: number) => string;
}

export const LEARNER_PATHS: Record<Layout, LearnerPaths> = {
  full: {
    list: '/user/webinars',
    home: '/user/main',
    room: (id) => `/user/webinar-view/${id}`,
    ask: (id) => `/user/chat-webinar/${id}`,
    thread: (id) => `/user/chat-webinar-messages/${id}`,
    tests: (id) => `/user/test-list/${id}`,
    testing: (testId) => `/user/testing/${testId}`,
  },
  compact: {
    list: '/webinars',
    home: '/main',
    room: (id) => `/webinar-view/${id}`,
    // the compact screen asks or continues the conversation on one page
    ask: (id) => `/webinar-chatquestions/${id}`,
    thread: (id) => `/webinar-chatquestions/${id}`,
    tests: (id) => `/test-list/${id}`,
    testing: (testId) => `/testing/${testId}`,
  },
};

export interface InstructorPaths {
  list: string;
  conduct: (id: number) => string;
  tests: (id: number) => string;
  inbox: string;
}

export const INSTRUCTOR_PATHS: Record<Layout, InstructorPaths> = {
  full: {
    list: '/admin/webinar',
    conduct: (id) => `/admin/start-webinar/${id}`,
    tests: (id) => `/admin/webinar-exams/${id}`,
    inbox: '/admin/questions-webinars',
  },
  compact: {
    list: '/webinars-instructor',
    conduct: (id) => `/webinar-start/${id}`,
    tests: (id) => `/webinar-exams/${id}`,
    inbox: '/questions-webinars',
  },
};

/** The admin schedule's screens. */
export const ADMIN_PATHS = {
  list: '/admin/webinars',
  create: '/admin/create-webinar',
  edit: (id: number) => `/admin/edit-webinar/${id}`,
  view: (id: number) => `/admin/webinars-view/${id}`,
};
