import { Role, type RoleId } from '@oqu/contracts';

/**
 * The spec's static mock-ups (learner-and-instructor.md §2 "mostly static mock-ups") lead to the real
 * screens: the questions to the inbox (staff) or the webinars (trainee), asking and the webinar chat to
 * the question thread, the instructor's chat, documents and online list to their webinars (where the
 * room shows them), the media to the media files, the sample tests to the webinars.
 */
export function mockupTarget(pathname: string, role: RoleId | undefined): string | null {
  const [, first = '', id] = pathname.split('/');
  const trainee = role === Role.Trainee;
  const instructor = role === Role.Admin || role === Role.Examiner || role === Role.Teacher;
  if (!trainee && !instructor) return null;
  switch (first) {
    case 'questions':
    case 'webinar-questions':
      return trainee ? '/webinars' : '/questions-webinars';
    case 'webinar-ask':
    case 'webinar-chat':
      if (!trainee) return '/questions-webinars';
      return id && /^\d+$/.test(id) ? `/webinar-chatquestions/${id}` : '/webinars';
    case 'instructor-chat':
    case 'instructor-doc':
    case 'online':
      return trainee ? '/webinars' : '/webinars-instructor';
    case 'webinar-media':
      return trainee ? '/mediafiles' : '/webinars-instructor';
    case 'webinar-test':
      return trainee ? '/webinars' : '/webinars-instructor';
    default:
      return null;
  }
}
