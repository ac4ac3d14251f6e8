import PlaceholderPage from '../common/PlaceholderPage';

/** /webinar-view/{id}: the trainee's live room (compact layout). */
export default function MobileWebinarRoomPage() {
  return <PlaceholderPage titleKey="section.learnerWebinars" />;
}
