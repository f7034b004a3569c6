// The SPA fallback, as a CloudFront Function on the site's default behaviour only: a path without a file
// extension (`/user/reset`, `/admin/classes/x`) is a route of the web app and gets `index.html`. A
// distribution-wide error response would also turn the API's 403s and 404s into `index.html`.
export const spaRoutingSource = `function handler(event) {
  var request = event.request;
  var lastSegment = request.uri.substring(request.uri.lastIndexOf('/') + 1);
  if (lastSegment.indexOf('.') === -1) {
    request.uri = '/index.html';
  }
  return request;
}
`;
