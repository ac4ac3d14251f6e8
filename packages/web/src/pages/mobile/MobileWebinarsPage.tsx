import PlaceholderPage from '../common/PlaceholderPage';

/** /webinars: current, upcoming and past webinars (compact layout). */
export default function MobileWebinarsPage() {
  return <PlaceholderPage titleKey="section.learnerWebinars" />;
}
