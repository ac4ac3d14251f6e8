import { WebinarView } from '../../../features/webinars/room/WebinarView';

/** /admin/webinars-view/{id}: the administrator's read-only view of a webinar. */
export default function WebinarViewPage() {
  return <WebinarView />;
}
