/** Where the rooms lead in each layout (learner-and-instructor.md §2; admin-back-office.md §2 Webinars). */
export type RoomLayout = 'full' | 'compact';

export const roomPaths = {
  /** the trainee's webinars */
  learnerList: (layout: RoomLayout) => (layout === 'full' ? '/user/webinars' : '/webinars'),
  testing: (layout: RoomLayout, testId: number) => (layout === 'full' ? `/user/testing/${testId}` : `/testing/${testId}`),
  /** the trainee's list of one webinar's tests */
  learnerTests: (layout: RoomLayout, webinarId: number) => (layout === 'full' ? `/user/test-list/${webinarId}` : `/test-list/${webinarId}`),
  /** ask a question (or continue the thread) */
  ask: (layout: RoomLayout, webinarId: number) =>
    layout === 'full' ? `/user/chat-webinar/${webinarId}` : `/webinar-chatquestions/${webinarId}`,
  /** the instructor's webinars */
  teacherList: (layout: RoomLayout) => (layout === 'full' ? '/admin/webinar' : '/webinars-instructor'),
  /** the webinar's tests with their start buttons (staff) */
  staffTests: (layout: RoomLayout, webinarId: number) =>
    layout === 'full' ? `/admin/webinar-exams/${webinarId}` : `/webinar-exams/${webinarId}`,
  adminList: '/admin/webinars',
};

/**
 * Where a trainee goes when the webinar they watch ends (§4): the testing screen of its main test
 * when they can take it (`takeableMainTest`), else the webinars list.
 */
export function afterFinishPath(layout: RoomLayout, mainTest: number | null): string {
  return mainTest ? roomPaths.testing(layout, mainTest) : roomPaths.learnerList(layout);
}
