import { LearnerQuestion } from '../../features/webinars/lists/LearnerQuestion';

/** /webinar-chatquestions/{id} (learner-and-instructor.md §2, compact): ask or continue the conversation about a webinar. */
export default function MobileQuestionThreadPage() {
  return <LearnerQuestion mode="thread" layout="compact" />;
}
