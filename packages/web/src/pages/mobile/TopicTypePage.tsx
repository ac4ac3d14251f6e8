/** Being built. */
export default function TopicTypePage() {
  return null;
}
