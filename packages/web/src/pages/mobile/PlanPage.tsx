/** Being built. */
export default function PlanPage() {
  return null;
}
