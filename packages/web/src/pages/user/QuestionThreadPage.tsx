import { LearnerQuestion } from '../../features/webinars/lists/LearnerQuestion';

/** /user/chat-webinar-messages/{id} (learner-and-instructor.md §2): the conversation about a webinar. */
export default function QuestionThreadPage() {
  return <LearnerQuestion mode="thread" layout="full" />;
}
