// CSV lines as the admin screens export them: every field quoted, quotes doubled.
export const csvLine = (...fields: Array<string | number>): string =>
  fields.map((field) => `"${String(field).replace(/"/g, '""')}"`).join(',');
