import { ConductRoom } from '../../features/webinars/room/ConductRoom';

/** /webinar-start/{id}: the teacher's conducting room (compact layout). */
export default function MobileConductWebinarPage() {
  return <ConductRoom layout="compact" />;
}
