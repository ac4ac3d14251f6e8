import { LearnerRoom } from '../../features/webinars/room/LearnerRoom';

/** /user/webinar-view/{id}: the trainee's live room (full layout). */
export default function WebinarRoomPage() {
  return <LearnerRoom layout="full" />;
}
