/** Being built. */
export default function RetakesPage() {
  return null;
}
