/** Being built. */
export default function LearnerTestsPage() {
  return null;
}
