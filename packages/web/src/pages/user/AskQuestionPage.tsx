import { LearnerQuestion } from '../../features/webinars/lists/LearnerQuestion';

/** /user/chat-webinar/{id} (learner-and-instructor.md §2): ask the teacher a question, or go on with the thread. */
export default function AskQuestionPage() {
  return <LearnerQuestion mode="ask" layout="full" />;
}
