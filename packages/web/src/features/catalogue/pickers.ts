import { dictionaryEndpoints, planEndpoints } from '@oqu/contracts';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { call } from '../../lib/endpoint';

/** Data for the catalogue's pickers, shared by the plan, topic, test, question and webinar forms. */

export const pickerKeys = {
  plansAndTopics: ['catalogue', 'plans-and-topics'] as const,
  dictionary: (kind: 'topic-types' | 'edu-types' | 'exam-types', language: string) => ['dictionaries', kind, language] as const,
};

/** Every plan with its topics (GET /api/getplanandtopics). */
export function usePlansAndTopics() {
  return useQuery({
    queryKey: pickerKeys.plansAndTopics,
    queryFn: () => call(planEndpoints.withTopics).then((r) => r.data),
  });
}

function useDictionary(
  kind: 'topic-types' | 'edu-types' | 'exam-types',
  endpoint: (typeof dictionaryEndpoints)[keyof typeof dictionaryEndpoints],
) {
  const { i18n } = useTranslation();
  return useQuery({
    queryKey: pickerKeys.dictionary(kind, i18n.language),
    queryFn: () => call(endpoint).then((r) => r.data),
    staleTime: Number.POSITIVE_INFINITY,
  });
}

/** Topic types (9 production, 10 theoretical), named in the interface language. */
export const useTopicTypes = () => useDictionary('topic-types', dictionaryEndpoints.topicTypes);

/** Education types (11, 12), named in the interface language. */
export const useEduTypes = () => useDictionary('edu-types', dictionaryEndpoints.educationTypes);

/** Exam types (13 primary, 14 periodic, 15 extraordinary knowledge check), named in the interface language. */
export const useExamTypes = () => useDictionary('exam-types', dictionaryEndpoints.examTypes);
