/** The demo programme's clock (a mountain school in the Rockies), as a deploy's `timeZone` setting gives it. */
export const LOCAL_TIME_ZONE = process.env.PORTAL_TIME_ZONE || 'America/Denver';
