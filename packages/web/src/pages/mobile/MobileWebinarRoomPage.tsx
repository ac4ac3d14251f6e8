import { LearnerRoom } from '../../features/webinars/room/LearnerRoom';

/** /webinar-view/{id}: the trainee's live room (compact layout). */
export default function MobileWebinarRoomPage() {
  return <LearnerRoom layout="compact" />;
}
