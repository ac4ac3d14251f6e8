/** Being built. */
export default function QuestionFormPage() {
  return null;
}
