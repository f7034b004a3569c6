// The class form's values as typed, and the saveClass payload they become (checked with its schema).
import type { FunctionInput } from '../../../../lambdas/manifest';
import type { Class, ClassStatus, Meeting } from '../../../../lambdas/records';
import type { FieldErrors } from '../../api/useSave';

/** A meeting row; the key keeps a row's fields in place when rows before it are removed. */
export type MeetingDraft = Meeting & { key: number };

export interface ClassDraft {
  name: string;
  description: string;
  location: string;
  instructor: string;
  whatToBring: string;
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
    capacity: Number(draft.capacity),
    ...(draft.minGrade !== '' && { minGrade: Number(draft.minGrade) }),
    ...(draft.maxGrade !== '' && { maxGrade: Number(draft.maxGrade) }),
    status: draft.status,
    meetings: draft.meetings.map(({ date, start, end }) => ({ date, start, end })),
  };
}

/** The fields the form shows, named as the server names them ("meetings[2].end"). */
export function isClassField(field: string): boolean {
  return (
    /^(name|description|location|instructor|whatToBring|capacity|minGrade|maxGrade|status|meetings)$/.test(field) ||
    /^meetings\[\d+\]\.(date|start|end)$/.test(field)
  );
}

/** What the schema cannot see: a number of seats left empty would read as 0. */
export function draftProblems(draft: ClassDraft): FieldErrors {
  return draft.capacity.trim() === '' ? { capacity: 'is required' } : {};
}
