import { z } from 'zod';
import { envelope } from './common.js';

export const dictionaryItem = z.object({ ID: z.number().int(), Name: z.string() });
export type DictionaryItem = z.infer<typeof dictionaryItem>;
export const dictionaryResponse = envelope({ data: z.array(dictionaryItem) });

/** Topic types (learner-and-instructor.md §9) and education types. */
export const TopicType = { Production: 9, Theoretical: 10 } as const;
export const EduType = { InPerson: 11, Distance: 12 } as const;
