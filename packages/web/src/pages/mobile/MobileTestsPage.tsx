/** Being built. */
export default function MobileTestsPage() {
  return null;
}
