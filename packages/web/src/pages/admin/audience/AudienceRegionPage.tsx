import { RegionRoom } from '../../../features/exams/RegionRoom';

/** /admin/audience-region/{id}: one exam as the region account follows it. */
export default function AudienceRegionPage() {
  return <RegionRoom />;
}
