import { faceCompareForm, faceCompareResponse, faceVerifyForm, faceVerifyResponse } from '../face.js';
import { endpoint } from './endpoint.js';

export const faceEndpoints = {
  /** multipart `source` and `target` (jpeg or png): staff compare two photos. */
  compare: endpoint({ method: 'POST', path: '/api/face/compare', form: faceCompareForm, response: faceCompareResponse }),
  /** multipart `WebID` or `ExamID`, then `file`: the caller's camera shot against their enrolled photos. */
  verify: endpoint({ method: 'POST', path: '/api/face/verify', form: faceVerifyForm, response: faceVerifyResponse }),
};
