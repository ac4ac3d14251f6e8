import {
  DOCUMENT_MAX_BYTES,
  DOCUMENT_MIME_TYPES,
  PREVIEW_MIME_TYPES,
  WEBINAR_DEFAULT_DURATION,
  type Webinar,
  type WebinarRequest,
} from '@oqu/contracts';
import type { Dayjs } from 'dayjs';
import { extension, type FileProblem, isGenericType } from '../../../lib/files';
import { retakeDateFromIso, retakeDateToIso } from '../../retakes/format';

/** The schedule form (admin-back-office.md §2 Webinars, §5): its values and the request they make. */
export interface WebinarValues {
  Name: string;
  Description: string;
  PlanID?: number;
  TopicID?: number;
  Date?: Dayjs;
  Time?: Dayjs;
  Duration: number;
  TeacherID?: number;
}

/** The API's field names and the form fields their refusals go on (a refused BeginTime marks the date). */
export const WEBINAR_FIELD_NAMES = {
  Name: 'Name',
  Webinarname: 'Name',
  Description: 'Description',
  BeginTime: 'Date',
  Startdate: 'Date',
  Duration: 'Duration',
  PlanID: 'PlanID',
  TopicID: 'TopicID',
  TeacherID: 'TeacherID',
} as const;

interface Choices {
  plans: readonly { ID: number; Topics: readonly { ID: number }[] }[];
  teachers: readonly { ID: number }[];
  /** a teacher schedules for themselves: they are preselected when listed */
  self?: number;
}

/**
 * A new form starts with the first plan, its first topic and the first teacher preselected (§9), the
 * default duration (60); an edited webinar with its own values, its start on the organisation's clock.
 */
export function webinarInitialValues(webinar: Webinar | undefined, choices: Choices): WebinarValues {
  if (webinar) {
    const when = retakeDateFromIso(webinar.BeginTime || webinar.Startdate);
    return {
      Name: webinar.Webinarname,
      Description: webinar.Description,
      PlanID: webinar.PlanID,
      TopicID: webinar.TopicID,
      Date: when?.date,
      Time: when?.time,
      Duration: webinar.Duration,
      TeacherID: webinar.TeacherID,
    };
  }
  const plan = choices.plans[0];
  const self = choices.self !== undefined && choices.teachers.some((teacher) => teacher.ID === choices.self) ? choices.self : undefined;
  return {
    Name: '',
    Description: '',
    PlanID: plan?.ID,
    TopicID: plan?.Topics[0]?.ID,
    Duration: WEBINAR_DEFAULT_DURATION,
    TeacherID: self ?? choices.teachers[0]?.ID,
  };
}

/** The body of POST /api/web/new and PUT /api/web/updateweb/{id}; BeginTime with the organisation's offset. */
export function webinarRequestBody(values: WebinarValues): WebinarRequest | null {
  if (!values.PlanID || !values.TopicID || !values.TeacherID || !values.Date || !values.Time) return null;
  return {
    Name: values.Name.trim(),
    Description: (values.Description ?? '').trim(),
    BeginTime: retakeDateToIso(values.Date, values.Time),
    Duration: Math.round(values.Duration),
    PlanID: values.PlanID,
    TopicID: values.TopicID,
    TeacherID: values.TeacherID,
  };
}

/** File name endings of the preview types, for browsers that give no type (or a generic one). */
const PREVIEW_EXTENSIONS = ['mp4', 'webm', 'mov'];

/** The `accept` attribute of the preview input. */
export const PREVIEW_ACCEPT = [...PREVIEW_MIME_TYPES, ...PREVIEW_EXTENSIONS.map((ext) => `.${ext}`)].join(',');

/** A preview video before it is sent (§5, §9): MP4, WebM or MOV, at most 10 MB. The server checks the content again. */
export function checkPreviewFile(file: Pick<File, 'name' | 'type' | 'size'>): FileProblem | null {
  if (file.size <= 0) return 'empty';
  const known = (PREVIEW_MIME_TYPES as readonly string[]).includes(file.type);
  if (!known && !(isGenericType(file.type) && PREVIEW_EXTENSIONS.includes(extension(file.name)))) return 'type';
  if (file.size > DOCUMENT_MAX_BYTES) return 'size';
  return null;
}

/** File name endings of the document types, for browsers that give no type (or a generic one). */
const DOCUMENT_EXTENSIONS = ['pdf', 'docx', 'xlsx', 'pptx', 'jpg', 'jpeg', 'png', 'mp4', 'webm', 'mp3', 'zip'];

/** The `accept` attribute of an answer's file input. */
export const DOCUMENT_ACCEPT = [...DOCUMENT_MIME_TYPES, ...DOCUMENT_EXTENSIONS.map((ext) => `.${ext}`)].join(',');

/** A file attached to an answer (§7 uploadF with AnswerID): a document type, at most 10 MB. */
export function checkAnswerFile(file: Pick<File, 'name' | 'type' | 'size'>): FileProblem | null {
  if (file.size <= 0) return 'empty';
  const known = (DOCUMENT_MIME_TYPES as readonly string[]).includes(file.type);
  // a known ending is enough: some systems name a type differently (application/x-zip-compressed)
  if (!known && !DOCUMENT_EXTENSIONS.includes(extension(file.name))) return 'type';
  if (file.size > DOCUMENT_MAX_BYTES) return 'size';
  return null;
}
