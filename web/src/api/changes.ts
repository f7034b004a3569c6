// What each change makes stale. When a change succeeds, every query of the functions it lists is invalidated
// (by name, whatever its payload): the screens showing one load it again, the others when they next open.
// A change whose answer is the new state of a query (the admin group, the t-shirt sizes) puts it there.
// A change of seats also has the catalogue read past the caches for a while (./catalogue).
import { type QueryClient, type UseMutationResult, useMutation, useQueryClient } from '@tanstack/react-query';
import type { FunctionInput, FunctionName, FunctionResult } from '@contract/manifest';
import { seatsChanged } from './catalogue';
import { fetchFunction } from './queries';

/** The functions whose answers show seats, waitlists or who holds them. */
const SEATS: FunctionName[] = [
  'availableEnrollmentClasses',
  'classes',
  'classesBySemester',
  'myEnrollments',
  'semesterEnrollments',
  'enrollmentActivity',
  'adminDashboard',
  'classRoster',
  'tshirtCounts',
];
/** The functions whose answers show classes: their names, meetings, places and limits. */
const CLASSES: FunctionName[] = [...SEATS, 'calendar', 'semesterGroups', 'classGroups'];

/** The functions whose answer is the same as the change's, so it is put there as it is. */
type SameAnswer<N extends FunctionName> = {
  [M in FunctionName]: [FunctionResult<M>, FunctionResult<N>] extends [FunctionResult<N>, FunctionResult<M>]
    ? M
    : never;
}[FunctionName];

interface Change<N extends FunctionName> {
  stale?: FunctionName[];
  /** Changes seats: the catalogue is read past the caches. */
  seats?: true;
  answers?: SameAnswer<N>;
}

const CHANGES: { [N in FunctionName]?: Change<N> } = {
  enroll: { stale: SEATS, seats: true },
  cancelEnrollment: { stale: SEATS, seats: true },
  acceptOffer: { stale: SEATS, seats: true },
  promoteEnrollment: { stale: SEATS, seats: true },
  moveEnrollment: { stale: SEATS, seats: true },
  transferEnrollment: { stale: SEATS, seats: true },
  deleteAccount: { stale: [...SEATS, 'students'], seats: true },
  saveStudent: { stale: ['students', 'semesterEnrollments', 'classRoster'] },
  confirmStudentDetails: { stale: ['students', 'semesterEnrollments', 'classRoster'] },
  deleteStudent: { stale: ['students'] },
  saveAnswers: { stale: ['myEnrollments', 'semesterEnrollments', 'classRoster'] },
  saveQuestions: { stale: ['questions', 'enrollmentQuestions', 'classRoster', 'myEnrollments'] },
  saveSemester: { stale: ['semesters', 'availableEnrollmentClasses', 'adminDashboard', 'semesterEnrollments'] },
  saveClass: { stale: CLASSES },
  deleteClass: { stale: CLASSES },
  saveGroup: { stale: ['semesterGroups', 'classGroups', 'availableEnrollmentClasses'] },
  deleteGroup: { stale: ['semesterGroups', 'classGroups', 'availableEnrollmentClasses'] },
  saveTshirtSizes: { stale: ['tshirtSizes', 'tshirtCounts'], answers: 'adminTshirtSizes' },
  saveConfig: { answers: 'config' },
  grantAdmin: { answers: 'admins' },
  revokeAdmin: { answers: 'admins' },
  saveMailPreferences: { stale: ['myMailStatus'] },
  inviteGuardian: { stale: ['guardians'] },
  // The caller's family changes: everything it shows of the family.
  acceptInvitation: { stale: ['guardians', 'students', 'myEnrollments', 'myMailStatus'] },
  // A guardian taken off (the caller leaving: their family changes) or an invitation cancelled.
  removeGuardian: { stale: ['guardians', 'students', 'myEnrollments', 'myMailStatus'] },
  inviteInstructor: { stale: ['instructors'] },
  assignInstructor: { stale: ['instructors'] },
  removeInstructor: { stale: ['instructors'] },
  acceptInstructorInvitation: { stale: ['instructorClasses'] },
  reportAbsence: { stale: ['meetingAttendance'] },
  clearSuppression: { stale: ['mailSuppressions'] },
  sendMessage: { stale: ['messages'] },
  resendFailedMail: { stale: ['failedMail'] },
  cancelMeeting: { stale: CLASSES },
  saveRetention: { stale: ['dataRetention'] },
  savePolicy: { stale: ['policies'] },
  acceptPolicies: { stale: ['policies', 'policiesToAccept', 'semesterEnrollments', 'classRoster'] },
  removeExpiredRecords: { stale: [...SEATS, 'dataRetention', 'students'] },
  saveAllocationSettings: {
    stale: ['availableEnrollmentClasses', 'myLotteries', 'lotteryDraw'],
  },
  saveLotteryRequest: { stale: ['myLotteries'] },
  withdrawLotteryRequest: { stale: ['myLotteries'] },
  runLotteryDraw: { stale: ['lotteryDraw'] },
  changeLotterySeed: { stale: ['lotteryDraw', 'myLotteries'] },
  publishLotteryDraw: { stale: [...SEATS, 'lotteryDraw', 'myLotteries'] },
};

/** Marks stale what the change `name` changed (made outside a mutation: an enroll asked in turn). */
export function changed<N extends FunctionName>(client: QueryClient, name: N, answer?: FunctionResult<N>): void {
  const change: Change<N> | undefined = CHANGES[name];
  if (!change) return;
  if (change.seats) seatsChanged();
  if (change.answers && answer !== undefined) client.setQueriesData({ queryKey: [change.answers, {}] }, answer);
  for (const stale of change.stale ?? []) void client.invalidateQueries({ queryKey: [stale] });
}

/** A function that changes something, as a mutation: `await change.mutateAsync(payload)`, `change.isPending`. */
export function useChange<N extends FunctionName>(
  name: N,
): UseMutationResult<FunctionResult<N>, Error, FunctionInput<N>> {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (payload: FunctionInput<N>) => fetchFunction(name, payload),
    onSuccess: (answer) => changed(client, name, answer),
  });
}
