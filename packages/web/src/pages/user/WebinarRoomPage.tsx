import PlaceholderPage from '../common/PlaceholderPage';

/** /user/webinar-view/{id}: the trainee's live room (full layout). */
export default function WebinarRoomPage() {
  return <PlaceholderPage titleKey="section.learnerWebinars" />;
}
