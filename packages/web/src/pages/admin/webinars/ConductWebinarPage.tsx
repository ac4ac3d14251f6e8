import { ConductRoom } from '../../../features/webinars/room/ConductRoom';

/** /admin/start-webinar/{id}: the teacher's conducting room. */
export default function ConductWebinarPage() {
  return <ConductRoom layout="full" />;
}
