/** The provider's error code, as Amplify names its errors: NotAuthorizedException, CodeMismatchException… */
export function errorCode(error: unknown): string {
  return error instanceof Error ? error.name : 'UnknownError';
}
