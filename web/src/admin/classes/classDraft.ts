// The class form's values as typed, and the saveClass payload they become (checked with its schema).
import type { FunctionInput } from '@contract/manifest';
import type { Class, ClassStatus, Meeting } from '@contract/records';
import type { FieldErrors, FieldName } from '../../api/useSave';
import { spanishInput } from '../spanish';

/** A meeting row; the key keeps a row's fields in place when rows before it are removed. */
export type MeetingDraft = Meeting & { key: number };

export interface ClassDraft {
  name: string;
  description: string;
  location: string;
  instructor: string;
  whatToBring: string;
  /** The description and what to bring in Spanish (optional: families reading Spanish see the English). */
  esDescription: string;
  esWhatToBring: string;
  capacity: string;
  minGrade: string;
  maxGrade: string;
  status: ClassStatus;
  meetings: MeetingDraft[];
}

let lastKey = 0;
export const meetingDraft = (meeting: Meeting): MeetingDraft => ({ ...meeting, key: ++lastKey });

export function draftOf(cls?: Class): ClassDraft {
  return {
    name: cls?.name ?? '',
    description: cls?.description ?? '',
    location: cls?.location ?? '',
    instructor: cls?.instructor ?? '',
    whatToBring: cls?.whatToBring ?? '',
    esDescription: cls?.es?.description ?? '',
    esWhatToBring: cls?.es?.whatToBring ?? '',
    capacity: cls ? String(cls.capacity) : '',
    minGrade: cls?.minGrade === undefined ? '' : String(cls.minGrade),
    maxGrade: cls?.maxGrade === undefined ? '' : String(cls.maxGrade),
    status: cls?.status ?? 'open',
    meetings: (cls?.meetings ?? []).map(meetingDraft),
  };
}

export function inputOf(draft: ClassDraft, semesterId: string, id?: string): FunctionInput<'saveClass'> {
  return {
    ...(id && { id }),
    semesterId,
    name: draft.name,
    description: draft.description,
    location: draft.location,
    instructor: draft.instructor,
    ...(draft.whatToBring.trim() && { whatToBring: draft.whatToBring }),
    ...spanishInput({ description: draft.esDescription, whatToBring: draft.esWhatToBring }),
    capacity: Number(draft.capacity),
    ...(draft.minGrade !== '' && { minGrade: Number(draft.minGrade) }),
    ...(draft.maxGrade !== '' && { maxGrade: Number(draft.maxGrade) }),
    status: draft.status,
    meetings: draft.meetings.map(({ date, start, end }) => ({ date, start, end })),
  };
}

const NAMES: Record<string, FieldName> = {
  name: { the: "the class's name" },
  description: { the: 'the description' },
  location: { the: 'the location' },
  instructor: { the: "the instructor's name" },
  whatToBring: { the: 'what to bring' },
  'es.description': { the: 'the description in Spanish' },
  'es.whatToBring': { the: 'what to bring in Spanish' },
  capacity: {
    the: 'the capacity',
    says: { 'must be a whole number': 'Enter the capacity as a whole number of seats' },
  },
  minGrade: { the: 'the lowest grade', verb: 'Choose' },
  maxGrade: { the: 'the highest grade', verb: 'Choose' },
  meetings: { the: 'the meetings' },
};
const MEETING_PARTS: Record<string, string> = { date: 'date', start: 'start time', end: 'end time' };

/** How the form names a field in its messages: "Enter the class's name", "Meeting 3's end time must end after it starts". */
export function classFieldName(field: string): FieldName | undefined {
  const meeting = /^meetings\[(\d+)\]\.(\w+)$/.exec(field);
  if (!meeting) return NAMES[field];
  const the = `meeting ${Number(meeting[1]) + 1}'s ${MEETING_PARTS[meeting[2]!] ?? meeting[2]}`;
  return {
    the,
    says: {
      'must end after it starts': `Meeting ${Number(meeting[1]) + 1} must end after it starts`,
      'must be a date written YYYY-MM-DD': `Enter ${the} whole`,
      'must be a time written HH:MM': `Enter ${the} whole`,
    },
  };
}

/** The fields the form shows, named as the server names them ("meetings[2].end"). */
export function isClassField(field: string): boolean {
  return (
    /^(name|description|location|instructor|whatToBring|capacity|minGrade|maxGrade|status|meetings|es\.description|es\.whatToBring)$/.test(
      field,
    ) || /^meetings\[\d+\]\.(date|start|end)$/.test(field)
  );
}

/** The server's name of a draft's field ("es.description" for the Spanish description). */
export const classErrorKey = (name: string) =>
  ({ esDescription: 'es.description', esWhatToBring: 'es.whatToBring' })[name] ?? name;

/** What the schema cannot see: a number of seats left empty would read as 0. */
export function draftProblems(draft: ClassDraft): FieldErrors {
  return draft.capacity.trim() === '' ? { capacity: 'is required' } : {};
}
