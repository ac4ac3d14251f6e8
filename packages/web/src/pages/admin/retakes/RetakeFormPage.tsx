/** Being built. */
export default function RetakeFormPage() {
  return null;
}
