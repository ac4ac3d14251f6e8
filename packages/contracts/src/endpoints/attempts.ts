import {
  answerRequest,
  answerResponse,
  startTestRequest,
  startTestResponse,
  testQuestionsResponse,
  testResultQuery,
  testResultResponse,
  userTestsResponse,
} from '../attempts.js';
import { idParam } from '../common.js';
import { endpoint } from './endpoint.js';

export const attemptEndpoints = {
  userTests: endpoint({ method: 'GET', path: '/api/exam/user/test', response: userTestsResponse }),
  start: endpoint({ method: 'POST', path: '/api/test/starttest', body: startTestRequest, response: startTestResponse }),
  questions: endpoint({ method: 'GET', path: '/api/questions/test:::id', params: idParam, response: testQuestionsResponse }),
  answer: endpoint({ method: 'POST', path: '/api/answer/new', body: answerRequest, response: answerResponse }),
  result: endpoint({ method: 'GET', path: '/api/gettestresult', query: testResultQuery, response: testResultResponse }),
};
