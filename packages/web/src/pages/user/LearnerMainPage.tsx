/** Being built. */
export default function LearnerMainPage() {
  return null;
}
