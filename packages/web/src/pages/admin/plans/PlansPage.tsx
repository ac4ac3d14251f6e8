/** Being built. */
export default function PlansPage() {
  return null;
}
