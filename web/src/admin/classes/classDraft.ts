// The class form's values as typed, the saveClass payload they become, and what the form checks before
// sending (the server checks the rest and names the field).
import type { FunctionInput } from '../../../../lambdas/manifest';
import type { Class, ClassStatus, Meeting } from '../../../../lambdas/records';
import type { FieldErrors } from '../useSave';

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

export function checkDraft(draft: ClassDraft): FieldErrors {
  const errors: FieldErrors = {};
  if (!draft.name.trim()) errors.name = 'is required';
  if (!/^\d+$/.test(draft.capacity.trim())) errors.capacity = 'must be a whole number of seats';
  if (draft.minGrade !== '' && draft.maxGrade !== '' && Number(draft.maxGrade) < Number(draft.minGrade))
    errors.maxGrade = 'must not be below the lowest grade';
  draft.meetings.forEach((meeting, index) => {
    if (!meeting.date) errors[`meetings[${index}].date`] = 'is required';
    if (!meeting.start) errors[`meetings[${index}].start`] = 'is required';
    if (!meeting.end) errors[`meetings[${index}].end`] = 'is required';
    else if (meeting.start && meeting.end <= meeting.start)
      errors[`meetings[${index}].end`] = 'must end after it starts';
  });
  return errors;
}
