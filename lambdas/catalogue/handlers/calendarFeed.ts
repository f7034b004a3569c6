// GET /calendar.ics: every class meeting of the recent, current and coming semesters, or of one class
// (`?classId=`), for calendar apps to subscribe to.
import middy from '@middy/core';
import type { APIGatewayProxyStructuredResultV2, Context } from 'aws-lambda';
import { classesNow, classesOfSemesters } from '../classes';
import { listSemesters } from '../semesters';
import { id, type Class } from '../../contract/records';
import { invalidArgument, notFound } from '../../contract/errors';
import { errorMapping, type PortalEvent } from '../../platform/handler';
import { toICalendar } from '../ical';
import { logCallContext } from '../../platform/logger';
import { originCheck } from '../../platform/originCheck';
import { meetingsBetween } from '../meetings';
import { readProgrammeTimeZone } from '../settings';

const DAY = 86_400_000;
const PROGRAMME = 'Mountain school classes';

export async function calendarFeed(classId: string | undefined, now = new Date()): Promise<string> {
  const since = new Date(now.getTime() - 60 * DAY).toISOString().slice(0, 10);
  const until = '9999-12-31';
  let classes: Class[];
  if (classId !== undefined) {
    const parsed = id.safeParse(classId);
    if (!parsed.success) throw invalidArgument(`classId: ${parsed.error.issues[0]!.message}`);
    const cls = (await classesNow([parsed.data])).get(parsed.data);
    if (!cls) throw notFound('There is no such class.');
    classes = [cls];
  } else {
    const semesters = (await listSemesters()).filter((semester) => semester.endDate >= since);
    classes = await classesOfSemesters(semesters.map((semester) => semester.id));
  }
  const byId = new Map(classes.map((cls) => [cls.id, cls]));
  const events = meetingsBetween(classes, since, until).map((event) => ({
    ...event,
    description: byId.get(event.classId)?.instructor ? `Instructor: ${byId.get(event.classId)!.instructor}` : '',
  }));
  return toICalendar({
    name: classId && classes[0] ? `${classes[0].name} — ${PROGRAMME}` : PROGRAMME,
    events,
    stamp: now,
    timeZone: await readProgrammeTimeZone(),
  });
}

export const handler = middy<PortalEvent, APIGatewayProxyStructuredResultV2, Error, Context>()
  .use(logCallContext())
  .use(errorMapping('calendarFeed'))
  .use(originCheck())
  .handler(async (event) => ({
    statusCode: 200,
    headers: {
      'content-type': 'text/calendar; charset=utf-8',
      'cache-control': 'public, max-age=900',
      'content-disposition': 'inline; filename="classes.ics"',
    },
    body: await calendarFeed(event.queryStringParameters?.classId),
  }));
