/** Being built. */
export default function QuestionsPage() {
  return null;
}
