/** Being built. */
export default function ThemesPage() {
  return null;
}
