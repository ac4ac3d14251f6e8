import { type Problem, Role } from '@oqu/contracts';
import { forbidden, notFound } from '../../errors.js';
import { pagedOrCapped } from '../../lib/paging.js';
import type { AuthUser } from '../auth/auth-user.js';
import type { Upload } from '../files/files.service.js';
import type { WebinarsService } from '../webinars/webinars.service.js';
import { attachesTo, readingSide, seesAnswer, sideIn, threadsOf } from './problems.policy.js';
import { type AnswerDocument, toAnswerDocument, toProblems } from './problems.presenter.js';
import type { ProblemsRepository, ReadSide, ThreadRecord, ThreadsFilter } from './problems.repository.js';

/**
 * Learners' question threads about a webinar and the teacher's answers (with files). A thread is
 * between its trainee and the webinar's teacher; an administrator reads every thread and writes in
 * none. Threads are records of what people said, so they stay readable (and answerable) after
 * their webinar is archived; asking a new question needs access to the webinar's room.
 */
export class ProblemsService {
  constructor(
    private readonly repository: ProblemsRepository,
    private readonly webinars: WebinarsService,
  ) {}

  /**
   * The caller's threads: a trainee's own, a teacher's webinars', an administrator's all (`Read`
   * then shows whether the teacher has read it). With a webinar: that webinar's, 404 without access
   * to it; a trainee's own thread there is marked read, as the conversation page loads it. Paged
   * when `page` is given, else the most recent UNPAGED_MAX_ROWS threads.
   */
  async list(user: AuthUser, query: { web?: number; page?: number }) {
    const webinarId = query.web;
    const filter: ThreadsFilter = { webinarId, ...threadsOf(user) };
    if (webinarId !== undefined) {
      await this.webinars.roomAccess(user, webinarId);
      if (user.roleId === Role.Trainee) await this.repository.markOwnThreadRead(webinarId, user.id);
    }
    return pagedOrCapped(
      query.page,
      (limit, offset) => this.repository.threads(filter, readingSide(user), limit, offset),
      (threads) => this.withAnswers(threads),
    );
  }

  /** The threads with their answers and the answers' files: two queries whatever the count. */
  private async withAnswers(threads: ThreadRecord[]): Promise<Problem[]> {
    if (threads.length === 0) return [];
    const answers = await this.repository.answers(threads.map((t) => t.id));
    const documents = answers.length === 0 ? [] : await this.repository.documents(answers.map((a) => a.id));
    return toProblems(threads, answers, documents);
  }

  /**
   * A trainee's question about a webinar they may enter, whatever its status: the first opens their
   * thread, later ones are added to it. Answers the thread's id.
   */
  async ask(user: AuthUser, webinarId: number, text: string): Promise<number> {
    await this.webinars.roomAccess(user, webinarId);
    return this.repository.ask(webinarId, user.id, text);
  }

  /** A message in a thread by its trainee or its webinar's teacher; answers the message's id. */
  async answer(user: AuthUser, problemId: number, text: string): Promise<number> {
    const side = await this.sideIn(user, problemId);
    return this.repository.answer(problemId, user.id, text, side);
  }

  /** Marks a thread read for the caller: its trainee or its webinar's teacher. */
  async markRead(user: AuthUser, problemId: number): Promise<void> {
    await this.repository.markRead(problemId, await this.sideIn(user, problemId));
  }

  /**
   * Attaches a file (checked and stored by FilesService; the upload route removes it when this
   * refuses) to an answer, by the answer's author only: 404 when the caller cannot see the thread,
   * 403 when they can but did not write the answer. Answers the answer's files.
   */
  async addAnswerDocument(user: AuthUser, answerId: number, file: Upload): Promise<AnswerDocument[]> {
    const answer = await this.repository.findAnswer(answerId);
    if (!answer || !seesAnswer(user, answer)) throw notFound('problem_answer_not_found');
    if (!attachesTo(user, answer)) throw forbidden('problem_answer_not_author');
    await this.repository.insertDocument({
      answer_id: answerId,
      name: file.name,
      storage_key: file.key,
      size: file.size,
      content_type: file.mime,
    });
    return (await this.repository.documents([answerId])).map(toAnswerDocument);
  }

  /** The caller's side in a thread they take part in; 404 for a thread they are not part of. */
  private async sideIn(user: AuthUser, problemId: number): Promise<ReadSide> {
    const thread = await this.repository.findThread(problemId);
    const side = thread && sideIn(user, thread);
    if (!side) throw notFound('problem_not_found');
    return side;
  }
}
