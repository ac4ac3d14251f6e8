/** Being built. */
export default function TestFormPage() {
  return null;
}
