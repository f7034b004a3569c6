// The clocks of the tests: the local stack's programme runs on LOCAL_TIME_ZONE (America/Denver), the tests'
// browser reads it from READER_TIME_ZONE, so every page shows the reader's time beside the programme's.
import { dayOf, momentForReader, momentText } from '../../lambdas/contract/moments';
import { LOCAL_TIME_ZONE } from '../../infra/local/timeZone';

/** The zone of the tests' browser (`openPortal`): not the programme's, as for a family away from home. */
export const READER_TIME_ZONE = 'UTC';

/** A moment as the portal's messages and e-mails write it: on the programme's clock. */
export const programmeMoment = (iso: string) => momentText(iso, LOCAL_TIME_ZONE);

/** A moment as the site shows it to the tests' browser: the programme's clock, then the reader's own time. */
export const pageMoment = (iso: string) => momentForReader(iso, LOCAL_TIME_ZONE, READER_TIME_ZONE);

/** Today on the programme's clock (YYYY-MM-DD), the day the portal stamps on what is done now. */
export const programmeToday = () => dayOf(new Date().toISOString(), LOCAL_TIME_ZONE);
