import { faceEndpoints, systemEndpoints } from '@oqu/contracts';
import { useQuery } from '@tanstack/react-query';
import { call } from '../../lib/endpoint';
import { upload } from '../../lib/upload';
import { type FaceCheckTarget, type ShotOutcome, shotOutcome } from './logic';

/** Whether joins and the examiner's start pass the camera check, and how often it shoots (GET /api/settings). */
export function useFaceCheckSettings() {
  const settings = useQuery({
    queryKey: ['settings'],
    queryFn: () => call(systemEndpoints.settings).then((r) => r.data),
    staleTime: Number.POSITIVE_INFINITY,
  });
  const data = settings.data;
  return {
    /** undefined while the settings load */
    required: data ? data.FaceCheck === 'required' : undefined,
    seconds: data?.FaceCheckSeconds ?? 10,
  };
}

/** POST /api/face/verify: the shot against the caller's enrolled photos; a match on a live webinar records the join. */
export async function verifyShot(target: FaceCheckTarget, shot: Blob, signal?: AbortSignal): Promise<ShotOutcome> {
  const file = new File([shot], 'camera.jpg', { type: 'image/jpeg' });
  try {
    return shotOutcome({ answer: await upload(faceEndpoints.verify, { form: target, file, signal }) });
  } catch (error) {
    return shotOutcome({ error });
  }
}
