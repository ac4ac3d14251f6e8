/** Being built. */
export default function PlanEducationPage() {
  return null;
}
