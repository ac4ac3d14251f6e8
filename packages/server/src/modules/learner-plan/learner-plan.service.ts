import type { Language, PlanTopicRow, PlanTopics, UserInfo } from '@oqu/contracts';
import { unauthorized } from '../../errors.js';
import { toPlanTopicRow, toUserInfo } from './learner-plan.presenter.js';
import type { LearnerPlanRepository, PlanTestRecord } from './learner-plan.repository.js';
import { planStatistics } from './learner-plan.stats.js';

/** What the plan's row 3 needs of the exams module: the trainee's latest exam of their plan. */
export interface PlanExamSource {
  planExam(userId: number): Promise<PlanTopics['exam']>;
}

/** What the plan's topic rows need of the SCORM module: the packages of each topic with the trainee's progress. */
export interface PlanScormSource {
  planPackages(userId: number): Promise<Map<number, PlanTopicRow['Scorm']>>;
}

/** The trainee's own plan and progress; every answer is about the caller only. */
export class LearnerPlanService {
  constructor(
    private readonly repository: LearnerPlanRepository,
    private readonly exams: PlanExamSource,
    private readonly scorm: PlanScormSource,
  ) {}

  async userInfo(userId: number, language: Language): Promise<UserInfo> {
    const row = await this.repository.userInfo(userId);
    if (!row) throw unauthorized('session_expired');
    return toUserInfo(row, language);
  }

  /** Topics with tests and results, their SCORM packages, progress per topic type, and the plan's exam: five queries whatever the plan's size. */
  async planTopics(userId: number, language: Language): Promise<Omit<PlanTopics, 'status' | 'message'>> {
    const [topics, tests, types, exam, scorm] = await Promise.all([
      this.repository.topicsOf(userId),
      this.repository.testsOf(userId),
      this.repository.topicTypes(),
      this.exams.planExam(userId),
      this.scorm.planPackages(userId),
    ]);
    const byTopic = new Map<number, PlanTestRecord[]>();
    for (const test of tests) {
      const list = byTopic.get(test.topic_id);
      if (list) list.push(test);
      else byTopic.set(test.topic_id, [test]);
    }
    const data = topics.map((topic) => toPlanTopicRow(topic, byTopic.get(topic.id) ?? [], scorm.get(topic.id) ?? []));
    const statistic = planStatistics(
      types.map((type) => ({ id: type.id, name: type[`name_${language}`] })),
      topics.map((topic, i) => ({ typeId: topic.type_id, hours: topic.total_hours, completed: data[i]?.Completed ?? false })),
    );
    return { data, statistic, exam };
  }
}
