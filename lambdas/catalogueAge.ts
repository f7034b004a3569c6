// How long an answer of a public catalogue read may be served from a cache (CloudFront, the local gateway,
// the browser): the manifest declares it on those functions, and the web app reads past the caches for as
// long after a family's own change of seats.
export const CATALOGUE_MAX_AGE_SECONDS = 5;
