// Configuration comes from the environment, read once when a module loads: a missing value stops the
// function at start with a message that names it, rather than failing later in a request.
export function requiredEnv(name: string): string {
  const value = process.env[name];
  if (!value) {
    throw new Error(
      `Environment variable ${name} is not set: the portal's functions need it (the stack sets it for each function that needs it; locally, npm start).`,
    );
  }
  return value;
}

/** An optional setting, such as an emulator endpoint that only the local stack sets. */
export function optionalEnv(name: string): string | undefined {
  return process.env[name] || undefined;
}
