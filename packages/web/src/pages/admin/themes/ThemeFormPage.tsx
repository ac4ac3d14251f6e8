/** Being built. */
export default function ThemeFormPage() {
  return null;
}
