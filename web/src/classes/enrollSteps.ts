// The enroll dialog's steps as one state machine: choosing a child (the start, and where a refusal comes back
// to), a child's form (adding one, or checking one's details), the policies a refusal asked to accept, the request
// sent, its place in line, and the outcome. Each event names what happened; `enrollStep` says where it leads, so
// no two steps can show at once and a step cannot be left half.
import type { Enrollment, Student } from '@contract/records';
import type { InLine } from './enrollInTurn';
import type { PoliciesAsked } from './PoliciesToAccept';

export type EnrollStep =
  | { kind: 'choosing' }
  /** A new child's form. */
  | { kind: 'adding' }
  /** A child's details open to be checked (the yearly check). */
  | { kind: 'checking'; student: Student }
  /** The policies a guardian is to accept for the child first (the refusal's). */
  | { kind: 'policies'; asked: PoliciesAsked }
  /** The request sent, its answer awaited. */
  | { kind: 'sending' }
  | { kind: 'inLine'; inLine: InLine }
  | { kind: 'decided'; student: Student; enrollments: Enrollment[] };

export type EnrollEvent =
  | { type: 'choose'; studentId: string }
  | { type: 'add' }
  | { type: 'check'; student: Student }
  /** A child's form closed without saving. */
  | { type: 'formCancelled' }
  /** A child added, or its details saved or confirmed. */
  | { type: 'childSaved'; student: Student }
  | { type: 'send' }
  | { type: 'toldInLine'; inLine: InLine }
  | { type: 'decided'; student: Student; enrollments: Enrollment[] }
  | { type: 'policiesAsked'; asked: PoliciesAsked }
  | { type: 'policiesBack' }
  | { type: 'refused'; message: string; studentToCheck?: string }
  /** From the outcome: enroll another child. */
  | { type: 'again' };

export interface EnrollState {
  step: EnrollStep;
  /** The child chosen on the list. */
  chosen?: string;
  /** Children added or saved in this dialog, as saved (the family's list is read again meanwhile). */
  added: Student[];
  /** Children the server asked to check (the day was set after the page read the configuration). */
  toCheck: ReadonlySet<string>;
  /** The last refusal's message, shown on the list. */
  failure?: string;
}

export const FIRST_STEP: EnrollState = { step: { kind: 'choosing' }, added: [], toCheck: new Set() };

const choosing: EnrollStep = { kind: 'choosing' };

export function enrollStep(state: EnrollState, event: EnrollEvent): EnrollState {
  switch (event.type) {
    case 'choose':
      return { ...state, chosen: event.studentId };
    case 'add':
      return { ...state, step: { kind: 'adding' } };
    case 'check':
      return { ...state, step: { kind: 'checking', student: event.student } };
    case 'formCancelled':
      return { ...state, step: choosing };
    case 'childSaved':
      return {
        ...state,
        step: choosing,
        chosen: event.student.id,
        added: [...state.added.filter((student) => student.id !== event.student.id), event.student],
        toCheck: new Set([...state.toCheck].filter((id) => id !== event.student.id)),
        failure: undefined,
      };
    case 'send':
      return { ...state, step: { kind: 'sending' }, failure: undefined };
    case 'toldInLine':
      return { ...state, step: { kind: 'inLine', inLine: event.inLine } };
    case 'decided':
      return { ...state, step: { kind: 'decided', student: event.student, enrollments: event.enrollments } };
    case 'policiesAsked':
      return { ...state, step: { kind: 'policies', asked: event.asked } };
    case 'policiesBack':
      return { ...state, step: choosing };
    case 'refused':
      return {
        ...state,
        step: choosing,
        failure: event.message,
        toCheck: event.studentToCheck ? new Set(state.toCheck).add(event.studentToCheck) : state.toCheck,
      };
    case 'again':
      return { ...state, step: choosing, chosen: undefined };
  }
}

/** The request is on its way or in line: nothing else can be done meanwhile. */
export const isSending = (step: EnrollStep) => step.kind === 'sending' || step.kind === 'inLine';
