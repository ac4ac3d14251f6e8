import PlaceholderPage from '../common/PlaceholderPage';

/** The spec's static mock-ups (/questions, /webinar-ask, /online…) lead to the real screens. */
export default function SpecMockupPage() {
  return <PlaceholderPage titleKey="section.learnerWebinars" />;
}
