// Which logins are instructors, and of which classes. An administrator makes a login an instructor (the login
// accepts an invitation to its own address): `LOGIN#sub / INSTRUCTOR` holds its classes, beside the login's
// family membership (memberships.ts). The handlers of instructor functions read it on every call, strongly
// consistent and never cached, so an instructor removed or taken off a class is refused from the next call on
// (docs/decisions.md, decision 41); GSI1 (`INSTRUCTORS`) lists them for the office.
import { entity } from './entity';

export interface InstructorAssignment {
  sub: string;
  /** The address the invitation was sent to (the login's, when it accepted). */
  email: string;
  classIds: string[];
  since: string;
  updatedAt: string;
}

export const instructorEntity = entity<InstructorAssignment, Pick<InstructorAssignment, 'sub'>, 'all'>({
  type: 'instructor',
  key: { partition: ({ sub }) => `LOGIN#${sub}`, sort: 'INSTRUCTOR' },
  lists: {
    all: { index: 'GSI1', partition: () => 'INSTRUCTORS', sort: { prefix: 'INSTRUCTOR#', of: ({ sub }) => sub } },
  },
  read: (item) => ({
    sub: item.string('sub'),
    email: item.string('email'),
    classIds: item.strings('classIds'),
    since: item.string('since'),
    updatedAt: item.string('updatedAt'),
  }),
});

/** The login's instructor assignment now, if it is an instructor. */
export function assignmentOf(sub: string): Promise<InstructorAssignment | undefined> {
  return instructorEntity.get({ sub });
}
