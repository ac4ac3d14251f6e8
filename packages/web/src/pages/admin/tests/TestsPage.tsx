/** Being built. */
export default function TestsPage() {
  return null;
}
