/** Being built. */
export default function PlanFormPage() {
  return null;
}
