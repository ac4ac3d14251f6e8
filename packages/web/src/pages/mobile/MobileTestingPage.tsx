/** Being built. */
export default function MobileTestingPage() {
  return null;
}
