import { AudienceExams } from '../../../features/exams/AudienceExams';

/** /admin/audience: the region account's exams. */
export default function AudiencePage() {
  return <AudienceExams />;
}
