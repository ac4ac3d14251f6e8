/** Being built. */
export default function TestingPage() {
  return null;
}
