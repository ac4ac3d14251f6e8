import { dictionaryResponse } from '../dictionaries.js';
import { endpoint } from './endpoint.js';

export const dictionaryEndpoints = {
  topicTypes: endpoint({ method: 'GET', path: '/api/gettopictype', response: dictionaryResponse }),
  examTypes: endpoint({ method: 'GET', path: '/api/getexamtype', response: dictionaryResponse }),
  educationTypes: endpoint({ method: 'GET', path: '/api/gettopicedutype', response: dictionaryResponse }),
};
