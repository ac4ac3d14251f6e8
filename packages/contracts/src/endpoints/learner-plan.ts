import { planTopicsResponse, userInfoResponse } from '../learner-plan.js';
import { endpoint } from './endpoint.js';

export const learnerPlanEndpoints = {
  userInfo: endpoint({ method: 'GET', path: '/api/userinfo', response: userInfoResponse }),
  planTopics: endpoint({ method: 'GET', path: '/api/subject/plantopics', response: planTopicsResponse }),
};
